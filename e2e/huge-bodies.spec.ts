import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { platformApi } from "@/contract/api";
import { fillPath, listEndpoints } from "@/contract/endpoint";
import { storeApi } from "@/contract/store/api";
import type { StoreEndpointSpec } from "@/contract/store/endpoint";

/**
 * Request bodies are read as a stream and cut at their limit (QUALITY.md): a 300 MB chunked body to
 * every route that reads one — every endpoint of the storefront's API and of the platform's with a
 * body, the sandbox operator's and the provider sandboxes' — is answered 413 with an SP: code, and the server's memory grows by less than
 * 50 MB over all of them. The server is this suite's own (a fresh embedded database), so no other
 * journey's pages move its memory while it is measured.
 */

const PORT = Number(process.env.E2E_BODIES_PORT || 3104);
const HOST = `spa.localhost:${PORT}`;
const BODY_MB = 300;
const MAX_GROWTH_MB = 50;
const ANY_ID = "00000000-0000-4000-8000-000000000000";

type Target = { method: "POST" | "PUT"; path: string; headers?: Record<string, string>; multipart?: boolean };

/**
 * The storefront API's endpoints that read a body: every declaration with one (contract/store), its
 * parameters filled with values that name something (a (provider, step) pair the pay map has).
 */
function storeRoutes(): Target[] {
  const params = { itemId: ANY_ID, cartId: ANY_ID, id: ANY_ID, provider: "tabby", step: "eligibility" };
  return listEndpoints<StoreEndpointSpec>(storeApi)
    .filter(({ spec }) => spec.body || spec.multipart)
    .map(({ spec }) => ({
      method: spec.method as Target["method"],
      path: `/api/${fillPath(spec.path, params)}${STORE_QUERIES[spec.path] ?? ""}`,
      multipart: !!spec.multipart,
    }));
}

/** A valid query where an endpoint of the storefront requires one (it is checked before the body is read). */
const STORE_QUERIES: Record<string, string> = { "checkout/presets/values": "?presetId=x" };

/** The sandbox operator's routes that read a body (a test below holds this list to the route files). */
const OPERATOR_ROUTES: Target[] = [
  { method: "POST", path: "/sandbox/operator/settings" },
  { method: "POST", path: "/sandbox/operator/specialist" },
  { method: "POST", path: "/sandbox/operator/wallet" },
  { method: "POST", path: "/sandbox/operator/heap" },
  { method: "POST", path: "/sandbox/operator/paid" },
  { method: "POST", path: "/sandbox/operator/vitals" },
];

/** The provider sandboxes' API calls that read a body (any key of the right kind is an account there). */
const SANDBOX_ROUTES: Target[] = [
  {
    method: "POST",
    path: "/sandbox/moyasar/v1/tokens",
    headers: { authorization: `Basic ${Buffer.from("pk_test_bodies:").toString("base64")}` },
  },
  {
    method: "POST",
    path: "/sandbox/moyasar/v1/payments",
    headers: { authorization: `Basic ${Buffer.from("sk_test_bodies:").toString("base64")}` },
  },
  { method: "POST", path: "/sandbox/moyasar/v1/applepay/initiate" },
  { method: "POST", path: "/sandbox/myfatoorah/v2/InitiateSession", headers: { authorization: "Bearer bodies" } },
  { method: "POST", path: "/sandbox/myfatoorah/v2/ExecutePayment", headers: { authorization: "Bearer bodies" } },
  { method: "POST", path: "/sandbox/myfatoorah/cardview/v1/card" },
  { method: "POST", path: "/sandbox/tabby/api/v2/checkout", headers: { authorization: "Bearer sk_test_bodies" } },
  { method: "POST", path: "/sandbox/tamara/checkout", headers: { authorization: "Bearer bodies" } },
];

/** Valid queries where an endpoint requires one (it is checked before the body is read). */
const QUERIES: Record<string, string> = {
  "presets/value": "?presetId=x",
  "payment/execute-cart-payment": `?sessionId=s&cartId=${ANY_ID}&callbackUrl=http%3A%2F%2Fspa.localhost%2F&errorCallbackUrl=http%3A%2F%2Fspa.localhost%2F`,
};

/** Every platform endpoint that reads a body, from the contract, with a customer's token where one is needed. */
function platformRoutes(token: string): Target[] {
  return listEndpoints(platformApi)
    .filter(({ spec }) => spec.body || spec.multipart)
    .map(({ spec }) => ({
      method: spec.method as Target["method"],
      path: `/api/app/${fillPath(spec.path, { id: ANY_ID, itemId: ANY_ID, cartId: ANY_ID, provider: "moyasar" })}${QUERIES[spec.path] ?? ""}`,
      headers: spec.auth === "customer" ? { authorization: `Bearer ${token}` } : undefined,
      multipart: !!spec.multipart,
    }));
}

function request(
  method: string,
  p: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path: p,
        headers: { host: HOST, "content-type": "application/json", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Streams up to 300 MB of chunked body and stops writing as soon as the server has answered. */
function streamHuge(t: Target, cookie: string): Promise<{ status: number; text: string; sentMb: number }> {
  return new Promise((resolve, reject) => {
    const boundary = "----hugebody";
    const contentType = t.multipart ? `multipart/form-data; boundary=${boundary}` : "application/json";
    let answered = false;
    let sent = 0;
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method: t.method,
        path: t.path,
        headers: {
          host: HOST,
          "content-type": contentType,
          "transfer-encoding": "chunked",
          cookie,
          origin: `http://${HOST}`,
          ...t.headers,
        },
      },
      (res) => {
        answered = true;
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, text, sentMb: sent });
        });
      },
    );
    // The server may close the connection once it has answered: that ends the upload, not the test.
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const head = t.multipart
      ? Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
        )
      : Buffer.from('{"pad":"');
    req.write(head);
    const write = () => {
      while (!answered && sent < BODY_MB) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

test.describe.configure({ mode: "serial" });

test.describe("huge request bodies", () => {
  let server: ChildProcess;
  let serverPid: number;
  let dataDir: string;
  let cookie = "";
  let token = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "sf-bodies-"));
    // Through the entry, as every server starts; its child serves (serverPid, once healthy).
    server = spawn(process.execPath, ["scripts/start.mjs"], {
      // --expose-gc: the heap is read after garbage collection (/sandbox/operator/heap).
      env: {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc`.trim(),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(PORT),
        SANDBOX: "on",
        SANDBOX_OPERATOR: "on",
        OTP_SENDS_PER_IP: "1000",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: "ignore",
    });
    for (let i = 0; ; i++) {
      const up = await request("GET", "/api/health").then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (i > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
    // The serving process holds the data folder's lock.
    serverPid = Number(readFileSync(path.join(dataDir, "storefront.lock"), "utf8"));
    // A signed-in customer: a platform token for /api/app, a session cookie for the BFF.
    const mobileNumber = "+966500000001";
    const code = async () =>
      JSON.parse((await request("GET", `/sandbox/sms/latest?to=${encodeURIComponent(mobileNumber)}`)).text)
        .code as string;
    const sent = JSON.parse((await request("POST", "/api/app/otp/send", JSON.stringify({ mobileNumber }))).text).data;
    token = JSON.parse(
      (await request("POST", "/api/app/otp/verify", JSON.stringify({ token: sent.token, code: await code() }))).text,
    ).data.access_token;
    const bffSent = JSON.parse(
      (await request("POST", "/api/session/otp/send", JSON.stringify({ mobileNumber }))).text,
    ).data;
    const verified = await request(
      "POST",
      "/api/session/otp/verify",
      JSON.stringify({ token: bffSent.token, code: await code() }),
    );
    cookie = (verified.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(token).toBeTruthy();
    expect(cookie).toContain("sf_session_spa=");
  });

  test.afterAll(() => {
    server?.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("2,000 made-up Host names are each answered the one stored 404 page, and leave less than 5 MB more heap after garbage collection", async () => {
    test.setTimeout(240_000);
    const heap = async () => {
      const answer = JSON.parse((await request("POST", "/sandbox/operator/heap", "{}")).text).data as {
        heapUsed: number;
        collected: boolean;
      };
      expect(answer.collected).toBe(true);
      return answer.heapUsed / 1024 / 1024;
    };
    // A page's answer says whether the page cache gave it (the not-found page every such name shares).
    const asHost = (host: string, p: string) =>
      new Promise<string>((resolve, reject) =>
        http
          .get({ host: "127.0.0.1", port: PORT, path: p, headers: { host } }, (res) => {
            res.resume();
            res.on("end", () =>
              resolve(
                p.startsWith("/api/")
                  ? String(res.statusCode)
                  : `${res.statusCode} ${res.headers["x-sf-cache"] ?? "rendered"}`,
              ),
            );
          })
          .on("error", reject),
      );
    // Long names, pages and APIs, both languages: what a scanner sends.
    const paths = (i: number) => ["/", "/en/products", "/api/cart", `/products/${i}`][i % 4];
    // Warm, on four names only: the not-found page's code and the lookups are loaded and optimised
    // once (+9 MB on a fresh server), not counted as the hosts'.
    for (let i = 0; i < 800; i++)
      expect(await asHost(`warm${i % 4}-${"h".repeat(180)}.example.com`, paths(i))).toMatch(/^404/);
    const before = await heap();
    const statuses = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const status = await asHost(`scan${i}-${"h".repeat(180)}.example.com`, paths(i));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // A moment for what the last requests started (sockets, timers) to settle, then GC and read.
    await new Promise((r) => setTimeout(r, 1000));
    const after = await heap();
    console.log(
      `heap after GC: ${before.toFixed(1)} → ${after.toFixed(1)} MB after 2,000 unknown hosts (${[...statuses].map(([s, n]) => `${n} × ${s}`).join(", ")})`,
    );
    // Rendered once for all of them (a stale answer: the shared page is rendered again after a minute).
    expect([...statuses.keys()].filter((s) => !/^404( hit| stale)?$/.test(s))).toEqual([]);
    expect(after - before).toBeLessThan(5);
  });

  test("every route file that reads a body is on the list (the two APIs' endpoints come from their tables)", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) =>
        statSync(path.join(dir, n)).isDirectory()
          ? files(path.join(dir, n))
          : n === "route.ts"
            ? [path.join(dir, n)]
            : [],
      );
    const reading = files("app/api")
      .concat(files("app/sandbox/operator"))
      // operatorRoute reads its JSON body for the operator routes.
      .filter((f) =>
        /read(Json|JsonBody|MultipartBody|ReceiptForm|Bytes)\(|operatorRoute\(/.test(readFileSync(f, "utf8")),
      )
      .map((f) => `/${path.dirname(f)}`.replace(/^\/app/, "").replace(/\[(\w+)\]/g, ANY_ID));
    const listed = OPERATOR_ROUTES.map((r) => r.path.split("?")[0]);
    expect(reading.filter((r) => r !== "/api/app/[...path]").sort()).toEqual([...new Set(listed)].sort());
    expect(storeRoutes().map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["POST /api/cart/items", "POST /api/session/uploads", "POST /api/checkout/pay/tabby"]),
    );
  });

  test(`answers a ${BODY_MB} MB chunked body 413 on every route that reads one, within ${MAX_GROWTH_MB} MB of memory`, async () => {
    test.setTimeout(300_000);
    const targets = [...storeRoutes(), ...OPERATOR_ROUTES, ...platformRoutes(token), ...SANDBOX_ROUTES];
    expect(targets.length).toBeGreaterThan(45);
    // Each route once with a small body first, so loading its code is not counted as the body's.
    for (const t of targets) await request(t.method, t.path, "{}", { cookie, ...t.headers });
    const before = rssMb(serverPid);
    let peak = before;
    for (const t of targets) {
      const res = await streamHuge(t, cookie);
      const what = `${t.method} ${t.path} → ${res.status} ${res.text.slice(0, 160)}`;
      expect(res.status, what).toBe(413);
      expect(JSON.parse(res.text).error.code, what).toMatch(/^SP:(PayloadTooLarge|FileTooLarge)$/);
      // Cut at the limit: the server answered long before the body ended.
      expect(res.sentMb, what).toBeLessThan(BODY_MB);
      peak = Math.max(peak, rssMb(serverPid));
    }
    const growth = peak - before;
    console.log(
      `huge bodies: ${targets.length} routes, RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${growth.toFixed(1)} MB)`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH_MB);
  });
});
