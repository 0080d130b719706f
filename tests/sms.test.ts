import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxSender, taqnyatSender } from "@/platform/providers/sms";
import { codeInText, latestOutboxMessage, listOutbox } from "@/platform/services/sms-outbox";
import { otpMessage } from "@/platform/services/otp-rules";
import { PlatformError } from "@/platform/errors";
import { describeEachDb } from "./helpers/test-db";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

/** A stand-in for the Taqnyat API on 127.0.0.1, answering what each test tells it to. */
describe("Taqnyat gateway client", () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let reply: (res: ServerResponse) => void = (res) =>
    res.writeHead(201, { "content-type": "application/json" }).end("{}");

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    seen.length = 0;
    vi.restoreAllMocks();
  });

  const client = (opts: { timeoutMs?: number } = {}) =>
    taqnyatSender({ baseUrl: base, apiKey: "test-key-123", sender: "Rimal", ...opts });
  const text = otpMessage("ar", "Rimal Wellness", "654321");

  it("posts the message as Taqnyat expects", async () => {
    reply = (res) =>
      res.writeHead(201, { "content-type": "application/json" }).end(
        JSON.stringify({
          statusCode: 201,
          messageId: 1,
          cost: "0.05",
          currency: "SAR",
          totalCount: 1,
          accepted: "[966500000001,]",
          rejected: "[]",
        }),
      );
    await client().send("+966500000001", text);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/gateway/v1/messages" });
    expect(seen[0].headers.authorization).toBe("Bearer test-key-123");
    expect(seen[0].headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0].body)).toEqual({ recipients: ["966500000001"], body: text, sender: "Rimal" });
  });

  it("maps an error answer to 502 SP:SmsDeliveryFailed and logs it without the message text", async () => {
    reply = (res) =>
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ statusCode: 400, message: "Sender name not approved for body 654321" }));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const err = await client()
      .send("+966500000001", text)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ code: "SP:SmsDeliveryFailed", status: 502 });
    const logged = log.mock.calls.flat().join(" ");
    expect(logged).toContain("HTTP 400");
    expect(logged).toContain("Sender name not approved");
    expect(logged).not.toContain("654321");
    expect(logged).not.toContain("test-key-123");
  });

  it("maps a non-JSON failure, an unreachable gateway and a timeout to the same error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    reply = (res) => res.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>");
    await expect(client().send("+966500000001", text)).rejects.toMatchObject({
      code: "SP:SmsDeliveryFailed",
      status: 502,
    });
    reply = () => {}; // never answers
    await expect(client({ timeoutMs: 200 }).send("+966500000001", text)).rejects.toMatchObject({
      code: "SP:SmsDeliveryFailed",
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      taqnyatSender({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "k", sender: "s" }).send("+966500000001", text),
    ).rejects.toMatchObject({
      code: "SP:SmsDeliveryFailed",
    });
  });
});

describe("the code in a message", () => {
  it("finds the only six-digit run, in either language", () => {
    expect(codeInText(otpMessage("ar", "Rimal Wellness", "012345"))).toBe("012345");
    expect(codeInText(otpMessage("en", "Store 2024", "999999"))).toBe("999999");
    expect(codeInText("no code here 1234567")).toBeNull();
  });
});

describeEachDb("SMS outbox", (t) => {
  it("keeps messages per store, newest first, and the newest per number", async () => {
    const { db, spa, coffee } = t();
    const spaOutbox = outboxSender(db, spa.id);
    await spaOutbox.send("+966500000101", otpMessage("ar", "Rimal Wellness", "111111"));
    await spaOutbox.send("+966500000102", otpMessage("en", "Rimal Wellness", "222222"));
    await spaOutbox.send("+966500000101", otpMessage("ar", "Rimal Wellness", "333333"));
    await outboxSender(db, coffee.id).send("+966500000101", otpMessage("ar", "Bunn Roastery", "444444"));
    expect((await listOutbox(db, spa.id)).map((m) => m.code)).toEqual(["333333", "222222", "111111"]);
    expect(await latestOutboxMessage(db, spa.id, "+966500000101")).toMatchObject({
      to: "+966500000101",
      code: "333333",
      createdAt: expect.any(String),
    });
    expect((await latestOutboxMessage(db, coffee.id, "+966500000101"))?.code).toBe("444444");
    expect(await latestOutboxMessage(db, coffee.id, "+966500000102")).toBeNull();
  });
});
