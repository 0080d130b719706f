import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { expect, test } from "./test";
import pg from "pg";
import { snap } from "./support";

/**
 * A database outage, as a shopper meets it: PostgreSQL behind a proxy that drops every connection
 * on demand (not the suite's shared server stopped). While it is out, pages answer the translated
 * "temporarily unavailable" page with 503 and Retry-After, the APIs SP:ServiceUnavailable, and the
 * health check names the database; once it is back, everything answers again without a restart,
 * and the outage page comes back to the store by itself.
 */

const PORT = 3197;
const ORIGIN = `http://spa.localhost:${PORT}`;

/** A TCP proxy to PostgreSQL that can drop every connection and refuse new ones. */
async function droppingProxy(target: URL) {
  let up = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => (sockets.delete(s), client.destroy(), upstream.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    down: () => {
      up = false;
      for (const s of sockets) s.destroy();
    },
    up: () => {
      up = true;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

const ask = (method: string, path: string, json?: unknown) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) =>
    http
      .request(
        {
          host: "127.0.0.1",
          port: PORT,
          path,
          method,
          headers: { host: `spa.localhost:${PORT}`, origin: ORIGIN, "content-type": "application/json" },
        },
        (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      )
      .on("error", reject)
      .end(json === undefined ? undefined : JSON.stringify(json)),
  );
const get = (path: string) => ask("GET", path);

test("a database outage: the translated 503 page with Retry-After, a truthful health check, and recovery without a restart", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `sf_outage_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const proxy = await droppingProxy(base);
  const url = new URL(base);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${name}`;
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: url.toString(),
      DATA_DIR: "",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (c) => (output += c));
  server.stderr.on("data", (c) => (output += c));
  try {
    await expect
      .poll(
        () =>
          get("/api/health").then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(200);
    await page.goto(`${ORIGIN}/en/products`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    proxy.down();
    // The health check says so, with the database's state.
    const health = await get("/api/health");
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "unavailable", database: "unreachable" });
    // A page seen before the outage is still served from the page cache.
    expect((await page.goto(`${ORIGIN}/en/products`))?.status()).toBe(200);
    // Pages that need the database: the outage page in the visitor's language, 503 with Retry-After, nothing of the error.
    for (const [path, locale, title] of [
      ["/", "ar", "سنعود خلال لحظات"],
      ["/en", "en", "We'll be right back"],
    ] as const) {
      const answer = await page.goto(`${ORIGIN}${path}`);
      expect(answer?.status(), path).toBe(503);
      expect(answer?.headers()["retry-after"]).toBe("5");
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      expect(await page.content()).not.toMatch(/PlatformCallError|ServiceUnavailable|at .*\.tsx?:\d+/);
      await snap(page, info, `outage-${locale}`);
    }
    // The shopper's calls: a code to show, not a stack.
    const cart = await ask("POST", "/api/cart/items", {
      productId: "6f1c2a4e-0b7d-4c1e-9a3b-2d5e8f7a9c10",
      priceId: "0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b",
      quantity: 1,
    });
    expect(cart.status).toBe(503);
    expect(cart.headers["retry-after"]).toBe("5");
    expect(JSON.parse(cart.body)).toEqual({
      error: {
        code: "SP:ServiceUnavailable",
        message: "The store is temporarily unavailable",
        details: { retryAfterSeconds: 5 },
      },
    });

    // Back: no restart; the outage page still open comes back to the store by itself.
    proxy.up();
    await expect.poll(() => get("/api/health").then((r) => r.status), { timeout: 30_000, intervals: [500] }).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "We'll be right back" })).toBeHidden({ timeout: 20_000 });
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect((await get("/")).status).toBe(200);
    expect(server.exitCode).toBeNull();
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode === null ? server.once("exit", r) : r(null)));
    proxy.up();
    await proxy.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    if (info.status !== info.expectedStatus) console.log(output.slice(-4000));
  }
});
