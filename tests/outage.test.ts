import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { envelopeResponse, errorEnvelope } from "@/server/error-envelope";
import { isUnreachable, noteOutage } from "@/server/outage";
import { PlatformError } from "@/platform/errors";
import { installRequestGuard, OUTAGE_WINDOW_MS, trustedProxies } from "../scripts/request-guard.mjs";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("a database outage, told apart from a bug", () => {
  it("knows node-postgres's ways of saying the database cannot be reached, also wrapped by drizzle", () => {
    const unreachable = [
      withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("08006", "connection failure"),
      withCode("53300", "sorry, too many clients already"),
      new Error("Failed query: select 1", { cause: withCode("ECONNRESET", "read ECONNRESET") }),
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], ""),
    ];
    for (const err of unreachable) expect(isUnreachable(err), String(err)).toBe(true);
    const bugs = [
      new Error("boom"),
      withCode("42601", "syntax error"),
      withCode("23505", "duplicate key"),
      new PlatformError("SP:EntityNotFound", 404, "no"),
      null,
      "ECONNREFUSED",
      { cause: { cause: { cause: { cause: { cause: { cause: withCode("ECONNREFUSED") } } } } } },
    ];
    for (const err of bugs) expect(isUnreachable(err), String(err)).toBe(false);
  });

  it("answers an outage 503 SP:ServiceUnavailable with Retry-After, never its text; a bug stays a 500 without its text", async () => {
    const outage = errorEnvelope(withCode("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.5:5432"), "test");
    expect(outage).toEqual({
      status: 503,
      error: {
        code: "SP:ServiceUnavailable",
        message: "The store is temporarily unavailable",
        details: { retryAfterSeconds: 5 },
      },
    });
    const res = envelopeResponse(outage.status, { error: outage.error });
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).not.toContain("10.0.0.5");
    expect(errorEnvelope(new Error("boom at line 3"), "test")).toEqual({
      status: 500,
      error: { code: "SP:InternalError", message: "Something went wrong on our side" },
    });
  });
});

describe("the request guard during an outage", () => {
  /** A server whose pages fail with 500 (as Next does when a page throws), behind the guard. */
  async function serverBehindGuard() {
    installRequestGuard(trustedProxies(""));
    const server = http.createServer((req, res) => {
      res.statusCode = req.url === "/fine" ? 200 : 500;
      res.setHeader("content-type", req.url?.startsWith("/api/") ? "application/json" : "text/html; charset=utf-8");
      res.setHeader("x-next-page", "1");
      // Next streams its error page in pieces, and sets headers on the way.
      res.write("<!DOCTYPE html><html><body>Error: PlatformCallError at /app/page.tsx:12");
      res.end("</body></html>");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const ask = (path: string, method = "GET") =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) =>
        http
          .request({ host: "127.0.0.1", port, path, method }, (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          })
          .on("error", reject)
          .end(),
      );
    return { ask, close: () => new Promise((r) => server.close(r)) };
  }

  it("turns a page's 500 into the translated 503 page with Retry-After while the database is out, and leaves it alone otherwise", async () => {
    const emit = http.Server.prototype.emit;
    const { ask, close } = await serverBehindGuard();
    try {
      // No outage: a 500 is a 500 (a bug must stay visible), pages and APIs alike.
      noteOutage(Date.now() - OUTAGE_WINDOW_MS - 1000);
      expect((await ask("/products")).status).toBe(500);
      noteOutage();
      const ar = await ask("/products/%D8%B2%D9%8A%D8%AA");
      expect(ar.status).toBe(503);
      expect(ar.headers).toMatchObject({
        "retry-after": "5",
        "cache-control": "no-store",
        "content-type": "text/html; charset=utf-8",
      });
      expect(ar.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(ar.headers["x-next-page"]).toBeUndefined();
      expect(ar.body).toContain('<html lang="ar" dir="rtl">');
      expect(ar.body).toContain("سنعود خلال لحظات");
      expect(ar.body).toContain('href="/products/%D8%B2%D9%8A%D8%AA"');
      expect(ar.body).not.toMatch(/PlatformCallError|page\.tsx/);
      const en = await ask("/en/checkout?step=pay");
      expect(en.status).toBe(503);
      expect(en.body).toContain('<html lang="en" dir="ltr">');
      expect(en.body).toContain("We&#39;ll be right back");
      expect(en.body).toContain('href="/en/checkout"');
      // The link never leaves the site.
      expect((await ask("//evil.example/x")).body).toContain('href="/"');
      expect((await ask("/en", "HEAD")).body).toBe("");
      // APIs keep their own envelope (the platform already answers them 503), and a page that works is untouched.
      expect((await ask("/api/cart")).status).toBe(500);
      expect((await ask("/fine")).status).toBe(200);
    } finally {
      http.Server.prototype.emit = emit;
      noteOutage(0);
      await close();
    }
  });
});
