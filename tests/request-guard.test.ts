import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  acceptsGzip,
  clientAddress,
  installRequestGuard,
  malformedPath,
  trustedProxies,
} from "../scripts/request-guard.mjs";
import { clearChannel, writeChannel } from "@/server/process-channels.mjs";

describe("request guard", () => {
  it("finds a malformed %-escape in a path, not in the query, and lets good escapes through", () => {
    for (const url of ["/%E0%A4%A", "/products/%", "/en/products/%zz", "/%C0", "/a%2"])
      expect(malformedPath(url), url).toBe(true);
    for (const url of ["/", "/products/%D8%B2%D9%8A%D8%AA", "/en?q=%zz", "/api/img?u=%E0", "/100%25", undefined])
      expect(malformedPath(url), String(url)).toBe(false);
  });

  it("believes X-Forwarded-For only from a trusted proxy: anyone else's is ignored, and a forged left part never counts", () => {
    const none = trustedProxies("");
    // No proxy trusted (the default): the connection's own address, whatever the header says.
    expect(clientAddress("198.51.100.7", "1.2.3.4", none)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:198.51.100.7", undefined, none)).toBe("198.51.100.7");
    const lb = trustedProxies(" 10.0.0.2, ::ffff:10.0.0.3 ,");
    expect([...lb]).toEqual(["10.0.0.2", "10.0.0.3"]);
    // Behind the balancer: the visitor it saw, not what the visitor wrote before it.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.9", lb)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "203.0.113.9, 10.0.0.3", lb)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", undefined, lb)).toBe("10.0.0.2");
    // A client pretending to be the balancer's hop is still itself.
    expect(clientAddress("203.0.113.50", "10.0.0.2", lb)).toBe("203.0.113.50");
  });

  it("in front of a real server: a forged X-Forwarded-For becomes the connection's address, a malformed path a 400", async () => {
    const emit = http.Server.prototype.emit;
    installRequestGuard(trustedProxies(""));
    const server = http.createServer((req, res) => res.end(String(req.headers["x-forwarded-for"])));
    try {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const { port } = server.address() as AddressInfo;
      const ask = (path: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) =>
          http
            .get({ host: "127.0.0.1", port, path, headers: { "x-forwarded-for": "1.2.3.4" } }, (res) => {
              let body = "";
              res.on("data", (c) => (body += c));
              res.on("end", () => resolve({ status: res.statusCode!, body }));
            })
            .on("error", reject),
        );
      expect(await ask("/products/x")).toEqual({ status: 200, body: "127.0.0.1" });
      expect((await ask("/products/%")).status).toBe(400);
    } finally {
      server.close();
      http.Server.prototype.emit = emit;
    }
  });

  it("takes gzip as Next's compression does: named or *, unless its weight is 0", () => {
    for (const v of ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*", "GZIP"])
      expect(acceptsGzip(v), v).toBe(true);
    for (const v of [undefined, "", "br", "identity", "gzip;q=0", "deflate, gzip;q=0.0"])
      expect(acceptsGzip(v), String(v)).toBe(false);
  });

  it("answers what the page cache answers ahead of the server (gzipped when taken), and hands everything else to the server", async () => {
    const emit = http.Server.prototype.emit;
    // Installed where lib/page-cache/serve.ts installs it: the guard (plain JavaScript) spells the symbol again.
    // The page cache's answers carry their body as chunks (the stored parts around a nonce); a string is taken too.
    const text = "<p>صفحة محفوظة ".repeat(200);
    const full = `${text.slice(0, 500)}n0nce${text.slice(500)}`;
    const headers = [
      ["content-type", "text/html; charset=utf-8"],
      ["x-sf-cache", "hit"],
    ] as [string, string][];
    const page = {
      status: 200,
      headers,
      body: [Buffer.from(text.slice(0, 500)), Buffer.from("n0nce"), Buffer.from(text.slice(500))],
    };
    // A hit at once, a hit after a version check, a page whose content changed, no page.
    const answers: Record<string, unknown> = {
      "/hit": page,
      "/later": Promise.resolve(page),
      "/text": { status: 200, headers, body: full },
      "/changed": Promise.resolve(null),
    };
    writeChannel("pageCacheFastPath", ((req: { url: string }) => answers[req.url] ?? null) as never);
    installRequestGuard(trustedProxies(""));
    const server = http.createServer((req, res) => res.end(`server ${req.url}`));
    try {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const { port } = server.address() as AddressInfo;
      const ask = (path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
          http
            .get({ host: "127.0.0.1", port, path, headers }, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c) => chunks.push(c));
              res.on("end", () =>
                resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
              );
            })
            .on("error", reject),
        );
      for (const path of ["/hit", "/text"]) {
        const plain = await ask(path);
        expect(plain.headers).toMatchObject({ "x-sf-cache": "hit", "content-length": String(Buffer.byteLength(full)) });
        expect(plain.body.toString()).toBe(full);
      }
      const zipped = await ask("/later", { "accept-encoding": "gzip, br" });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(Number(zipped.headers["content-length"])).toBeLessThan(Buffer.byteLength(full) / 10);
      expect(gunzipSync(zipped.body).toString()).toBe(full);
      expect((await ask("/changed")).body.toString()).toBe("server /changed");
      expect((await ask("/other")).body.toString()).toBe("server /other");
    } finally {
      server.close();
      http.Server.prototype.emit = emit;
      clearChannel("pageCacheFastPath");
    }
  });
});
