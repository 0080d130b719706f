import { describe, expect, it } from "vitest";
import { uploads } from "@/platform/db/schema";
import { MAX_UPLOADS_PER_HOUR, sniffFileType } from "@/platform/services/uploads";
import { UPLOAD_FILE_LIMIT as MAX_UPLOAD_BYTES } from "@/contract/limits";
import type { UploadDto } from "@/contract/dto/customers";
import { callApi, FILES, newCustomer, uploadForm } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";

describe("sniffFileType", () => {
  it("knows PNG, JPEG, GIF, WebP and PDF by their first bytes", () => {
    expect(sniffFileType(FILES.png)).toEqual({ contentType: "image/png", ext: "png" });
    expect(sniffFileType(FILES.jpeg)).toEqual({ contentType: "image/jpeg", ext: "jpg" });
    expect(sniffFileType(FILES.gif)).toEqual({ contentType: "image/gif", ext: "gif" });
    expect(sniffFileType(FILES.webp)).toEqual({ contentType: "image/webp", ext: "webp" });
    expect(sniffFileType(FILES.pdf)).toEqual({ contentType: "application/pdf", ext: "pdf" });
  });

  it("refuses everything else, including near misses and truncated signatures", () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    for (const b of [
      FILES.exe,
      new Uint8Array(0),
      bytes("hello"),
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("RIFF\x00\x00\x00\x00WAVEfmt "), // RIFF but audio
      bytes("RIFF\x00\x00\x00"),
      bytes("%PDF"), // no dash
      bytes("GIF90a"),
      FILES.png.slice(0, 7),
      new Uint8Array([0xff, 0xd8]),
    ]) {
      expect(sniffFileType(b)).toBeNull();
    }
  });
});

describeEachDb("customer uploads", (t) => {
  const upload = async (token: string | undefined, form: FormData) =>
    callApi<UploadDto>(t().db, t().spa, "POST", "customer/uploads", { token, form });

  it("stores PNG, JPEG and PDF under a server-made name with the sniffed type, whatever the client calls them", async () => {
    const c = await newCustomer(t().db, t().spa);
    for (const [bytes, clientName, ext, type] of [
      [FILES.png, "../../etc/passwd", "png", "image/png"],
      [FILES.jpeg, "photo.exe", "jpg", "image/jpeg"],
      [FILES.pdf, "id card.png", "pdf", "application/pdf"],
      [FILES.webp, "x.webp", "webp", "image/webp"],
    ] as const) {
      const res = await upload(c.token, uploadForm(bytes, clientName));
      expect(res.status).toBe(200);
      expect(res.data).toEqual({
        name: expect.stringMatching(
          new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.${ext}$`),
        ),
        contentType: type,
        size: bytes.length,
      });
      expect(res.data?.name).not.toContain(clientName.split(".")[0] || "x");
    }
  });

  it("refuses an .exe renamed .pdf (and declared application/pdf), empty files, a missing file and an unknown purpose", async () => {
    const c = await newCustomer(t().db, t().spa);
    const exe = await upload(c.token, uploadForm(FILES.exe, "receipt.pdf", "application/pdf"));
    expect([exe.status, exe.error?.code]).toEqual([400, "SP:UnsupportedFileType"]);
    const empty = await upload(c.token, uploadForm(new Uint8Array(0), "empty.png", "image/png"));
    expect([empty.status, empty.error?.code]).toEqual([400, "SP:FileRequired"]);
    const noFile = new FormData();
    noFile.set("purpose", "custom-field");
    expect((await upload(c.token, noFile)).error?.code).toBe("SP:FileRequired");
    const textInstead = new FormData();
    textInstead.set("file", "not a file");
    expect((await upload(c.token, textInstead)).error?.code).toBe("SP:FileRequired");
    const purpose = await upload(c.token, uploadForm(FILES.png, "a.png", "image/png", "avatar-of-someone-else"));
    expect([purpose.status, purpose.error?.code, purpose.error?.details]).toEqual([
      400,
      "SP:ValidationError",
      { field: "purpose" },
    ]);
    // Without a purpose the upload is a custom-field one.
    expect((await upload(c.token, uploadForm(FILES.png, "a.png", "image/png", null))).status).toBe(200);
  });

  it("accepts exactly 5 MB and refuses 5 MB + 1 byte with 413", async () => {
    const c = await newCustomer(t().db, t().spa);
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(FILES.png);
    const tooBig = await upload(c.token, uploadForm(big, "big.png", "image/png"));
    expect([tooBig.status, tooBig.error?.code]).toEqual([413, "SP:FileTooLarge"]);
    const justRight = await upload(c.token, uploadForm(big.subarray(0, MAX_UPLOAD_BYTES), "ok.png", "image/png"));
    expect([justRight.status, justRight.data?.size]).toEqual([200, MAX_UPLOAD_BYTES]);
  });

  it("guards the body size before parsing: a huge declared length or an endless stream is a 413", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const declared = await callApi(db, spa, "POST", "customer/uploads", {
      token: c.token,
      rawBody: "--b\r\n",
      headers: { "content-type": "multipart/form-data; boundary=b", "content-length": String(50 * 1024 * 1024) },
    });
    expect([declared.status, declared.error?.code]).toEqual([413, "SP:FileTooLarge"]);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const streamed = await callApi(db, spa, "POST", "customer/uploads", {
      token: c.token,
      rawBody: endless,
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect([streamed.status, streamed.error?.code]).toEqual([413, "SP:FileTooLarge"]);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it("answers a malformed or non-multipart body with 400 SP:MalformedMultipart, never 500", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const bodies: { body: string; type?: string }[] = [
      { body: "garbage", type: "multipart/form-data; boundary=xyz" },
      {
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
        type: "multipart/form-data; boundary=xyz",
      }, // never closed
      { body: "", type: "multipart/form-data; boundary=xyz" },
      { body: "--xyz--", type: "multipart/form-data" }, // no boundary
      { body: JSON.stringify({ file: "x" }), type: "application/json" },
      { body: "file=x", type: "application/x-www-form-urlencoded" },
      { body: "x" },
    ];
    for (const { body, type } of bodies) {
      const res = await callApi(db, spa, "POST", "customer/uploads", {
        token: c.token,
        rawBody: body,
        headers: type ? { "content-type": type } : {},
      });
      expect([res.status, res.error?.code], `${type}: ${body}`).toEqual([400, "SP:MalformedMultipart"]);
    }
    // A well-formed form without a file is the customer's mistake, not a broken request.
    const emptyForm = await callApi(db, spa, "POST", "customer/uploads", {
      token: c.token,
      rawBody: "--xyz--\r\n",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect([emptyForm.status, emptyForm.error?.code]).toEqual([400, "SP:FileRequired"]);
  });

  it("needs a token of this store before reading the body", async () => {
    const { db, spa, coffee } = t();
    const none = await upload(undefined, uploadForm(FILES.png));
    expect([none.status, none.error?.code]).toEqual([401, "SP:Unauthorized"]);
    const c = await newCustomer(db, spa);
    const foreign = await callApi(db, coffee, "POST", "customer/uploads", {
      token: c.token,
      form: uploadForm(FILES.png),
    });
    expect([foreign.status, foreign.error?.code]).toEqual([401, "SP:TenantMismatch"]);
  });

  it("serves an upload to its owner only, as the sniffed type, and 404s everyone else", async () => {
    const { db, spa, coffee } = t();
    const owner = await newCustomer(db, spa);
    const other = await newCustomer(db, spa);
    const { data } = await upload(owner.token, uploadForm(FILES.pdf, "scan.png", "image/png"));
    const name = data!.name;
    const mine = await callApi(db, spa, "GET", `customer/uploads/${name}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.res.headers.get("content-type")).toBe("application/pdf");
    expect(mine.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.res.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await mine.res.arrayBuffer())).toEqual(FILES.pdf);

    const theirs = await callApi(db, spa, "GET", `customer/uploads/${name}`, { token: other.token });
    expect([theirs.status, theirs.error?.code]).toEqual([404, "SP:EntityNotFound"]);
    const coffeeCustomer = await newCustomer(db, coffee);
    expect((await callApi(db, coffee, "GET", `customer/uploads/${name}`, { token: coffeeCustomer.token })).status).toBe(
      404,
    );
    expect((await callApi(db, coffee, "GET", `customer/uploads/${name}`, { token: owner.token })).status).toBe(401);
    expect((await callApi(db, spa, "GET", `customer/uploads/${name}`)).status).toBe(401);
    for (const bad of [
      "..%2F..%2Fetc%2Fpasswd",
      "scan.png",
      `${name.slice(0, -3)}exe`,
      "00000000-0000-0000-0000-000000000000.png",
    ]) {
      expect((await callApi(db, spa, "GET", `customer/uploads/${bad}`, { token: owner.token })).status).toBe(404);
    }
  });

  it("caps uploads per customer and hour (files live in the database)", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const rows = Array.from({ length: MAX_UPLOADS_PER_HOUR - 1 }, (_, i) => ({
      tenantId: spa.id,
      customerId: c.id,
      purpose: "custom-field",
      contentType: "image/png",
      size: FILES.png.length,
      storedName: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}.png`.replace(
        "00000000-",
        `${c.id.slice(0, 8)}-`,
      ),
      data: Buffer.from(FILES.png),
    }));
    await db.insert(uploads).values(rows);
    expect((await upload(c.token, uploadForm(FILES.png))).status).toBe(200);
    const over = await upload(c.token, uploadForm(FILES.png));
    expect([over.status, over.error?.code]).toEqual([429, "SP:TooManyRequests"]);
    const other = await newCustomer(db, spa);
    expect((await upload(other.token, uploadForm(FILES.png))).status).toBe(200);
  });
});
