import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./test";

/**
 * One server per embedded data folder (PGlite corrupts a folder two processes write): a second
 * server on a folder in use exits before serving and names the folder and the other process; a
 * lock left by a server killed with -9 is stale and the next server takes it over.
 */
const E2E_DATA = path.join(".data", "e2e");
const LOCK = "storefront.lock";
// Ports beside the journeys' server's, so that runs on other ports (E2E_PORT) do not collide.
const E2E_PORT = Number(process.env.E2E_PORT || 3100);
const [SANDBOX_PORT, SECOND_PORT, STALE_PORT] = [E2E_PORT + 95, E2E_PORT + 96, E2E_PORT + 97];

/** A server started as every one is, through the entry (scripts/start.mjs), whose child serves. */
function startServer(dataDir: string, port: number, env: Record<string, string | undefined> = { SANDBOX: "on" }) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The process that started `pid` (Linux /proc). */
const parentOf = (pid: number) => Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);

const health = (port: number) =>
  new Promise<{ status: number; body: string }>((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: "/api/health" }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject),
  );

async function healthy(port: number) {
  for (let i = 0; i < 480; i++) {
    const answer = await health(port).catch(() => null);
    if (answer?.status === 200) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no server on ${port}`);
}

test("a second server on a data folder in use exits before serving, naming the folder and the process", async () => {
  test.setTimeout(120_000);
  // The journeys' server (port 3100) holds .data/e2e for the whole run.
  const holder = Number(readFileSync(path.join(E2E_DATA, LOCK), "utf8"));
  const second = startServer(E2E_DATA, SECOND_PORT);
  const code = await second.exited;
  expect(code).toBe(1);
  expect(second.output()).toContain(`The data folder ${path.resolve(E2E_DATA)} is in use by process ${holder}`);
  await expect(health(SECOND_PORT)).rejects.toThrow();
  // The first server is untouched.
  expect((await healthy(E2E_PORT)).body).toContain('"database":"ok"');
});

test("a lock left by a server killed with -9 is taken over by the next one, which serves the same data", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sf-lock-"));
  try {
    const first = startServer(dataDir, STALE_PORT);
    await healthy(STALE_PORT);
    const lock = path.join(dataDir, LOCK);
    const pid = Number(readFileSync(lock, "utf8"));
    expect(parentOf(pid)).toBe(first.child.pid);
    process.kill(pid, "SIGKILL");
    await first.exited;
    expect(existsSync(lock)).toBe(true);

    const next = startServer(dataDir, STALE_PORT);
    try {
      expect((await healthy(STALE_PORT)).body).toBe('{"status":"ok","database":"ok"}');
      expect(parentOf(Number(readFileSync(lock, "utf8")))).toBe(next.child.pid);
    } finally {
      next.child.kill("SIGTERM");
      await next.exited;
    }
    // A clean stop leaves no lock behind.
    expect(existsSync(lock)).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a production server with SANDBOX unset refuses to start instead of running on the development keys", async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sf-sandbox-"));
  try {
    // The entry turns the sandboxes on for the demo, not where the environment says production.
    const server = startServer(dataDir, SANDBOX_PORT, { SANDBOX: undefined, NODE_ENV: "production" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("SANDBOX: must be set in production");
    await expect(health(SANDBOX_PORT)).rejects.toThrow();
    // Refused before anything is created: no demo stores seeded into what may be a deployment's folder.
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
