import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { PORT } from "./support";
import { freePort } from "../tests/helpers/free-port";

/**
 * The running server carries only what serves requests: `next start` takes the configuration its
 * build resolved (scripts/built-config.mjs) instead of transpiling next.config.ts again, which
 * loaded Next's SWC compiler and next-intl's build plugin with @swc/core (~40 MB resident) into a
 * server that never uses them.
 */
test("the journeys' server has no compiler loaded, and still answers with the configuration's headers", async ({
  request,
}) => {
  // The journeys' server holds .data/e2e's lock for the whole run: its process id.
  const pid = Number(readFileSync(path.join(".data", "e2e", "storefront.lock"), "utf8"));
  const libraries = new Set(
    readFileSync(`/proc/${pid}/maps`, "utf8")
      .split("\n")
      .map((line) => line.split(/\s+/)[5])
      .filter(Boolean),
  );
  expect([...libraries].filter((file) => /swc/.test(file))).toEqual([]);
  // What next.config.ts sets still holds: its headers on every answer, no X-Powered-By.
  // The default tenant on bare localhost (the request context does not resolve spa.localhost).
  const res = await request.get(`http://localhost:${PORT}/en`);
  expect(res.status()).toBe(200);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["strict-transport-security"]).toContain("max-age=");
  expect(res.headers()["x-powered-by"]).toBeUndefined();
});

/**
 * Every storefront server starts through the entry (scripts/start.mjs), which gives the process
 * what only its start can take (the heap caps, malloc's environment) and the request guard ahead
 * of Next (malformed addresses answered 400, TRUSTED_PROXIES, the outage page). A bare
 * `next start` of the same build, as an operator might run it, would serve without them: it stops
 * before serving and says how to start the server instead.
 */
test("a bare next start of the build refuses to serve, naming the entry", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "sf-bare-"));
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    env: {
      ...process.env,
      // Nothing of the entry's: no preload, no memory settings.
      NODE_OPTIONS: "",
      SANDBOX: "on",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (c) => (output += c));
  server.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    expect(await exited).toBe(1);
    expect(output).toContain(
      "start the server with `npm start` (or `node scripts/start.mjs`), not a bare `next start`",
    );
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A client that sends its request's headers a byte at a time holds a socket for as long as the
 * server lets it: fifty of them at once must be answered 408 and closed once the headers are 10 s
 * late (scripts/server-preload.mjs), while everyone else is still served.
 */
test("connections trickling their headers are closed once the headers are 10 s late", async ({ request }) => {
  test.setTimeout(60_000);
  const started = Date.now();
  const trickles = Array.from(
    { length: 50 },
    () =>
      new Promise<{ after: number; answer: string }>((resolve, reject) => {
        const socket = net.connect(PORT, "127.0.0.1");
        const line = `GET /en HTTP/1.1\r\nHost: spa.localhost:${PORT}\r\nX-Slow: ${"a".repeat(60)}`;
        let sent = 0;
        let answer = "";
        const tick = setInterval(() => socket.writable && socket.write(line[sent++ % line.length]), 1000);
        socket.on("data", (chunk) => (answer += chunk));
        socket.on("error", () => {});
        socket.on("close", () => {
          clearInterval(tick);
          resolve({ after: Date.now() - started, answer });
        });
        // Left open past the bound: the test fails rather than waiting on.
        setTimeout(() => {
          clearInterval(tick);
          socket.destroy();
          reject(new Error("a trickling connection was still open after 20 s"));
        }, 20_000).unref();
      }),
  );
  await new Promise((r) => setTimeout(r, 2000));
  expect((await request.get(`http://localhost:${PORT}/en`)).status()).toBe(200);
  const closed = await Promise.all(trickles);
  for (const { after, answer } of closed) {
    expect(after).toBeGreaterThanOrEqual(9_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }
});
