import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverEnv } from "../scripts/server-env.mjs";

const options = (env: Record<string, string | undefined>) =>
  (serverEnv(env).NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean);

describe("a storefront server's process settings (npm start and the benches)", () => {
  it("caps the heap and the young generation, and loads the server preload, once", () => {
    const opts = options({});
    expect(opts).toContain("--max-old-space-size=256");
    expect(opts).toContain("--max-semi-space-size=8");
    expect(opts.filter((o) => o.startsWith("--import=") && o.endsWith("/scripts/server-preload.mjs"))).toHaveLength(1);
    expect(serverEnv({}).MALLOC_ARENA_MAX).toBe("2");
    expect(serverEnv({}).GLIBC_TUNABLES).toBe("glibc.malloc.mmap_threshold=32768");
  });

  it("leaves alone what the environment already sets", () => {
    const env = serverEnv({
      NODE_OPTIONS: "--max-semi-space-size=16 --max-old-space-size=512",
      MALLOC_ARENA_MAX: "4",
      GLIBC_TUNABLES: "glibc.malloc.trim_threshold=0",
    });
    const opts = (env.NODE_OPTIONS ?? "").split(/\s+/);
    expect(opts.filter((o) => o.startsWith("--max-semi-space-size"))).toEqual(["--max-semi-space-size=16"]);
    expect(opts.filter((o) => o.startsWith("--max-old-space-size"))).toEqual(["--max-old-space-size=512"]);
    expect(env.MALLOC_ARENA_MAX).toBe("4");
    expect(env.GLIBC_TUNABLES).toBe("glibc.malloc.trim_threshold=0");
    // A server started by another script that already went through serverEnv gets no second preload.
    expect(options(serverEnv({})).filter((o) => o.includes("server-preload"))).toHaveLength(1);
    expect(options({ SF_SEMI_SPACE_MB: "4" })).toContain("--max-semi-space-size=4");
  });

  it("turns the sandboxes on for the demo, and leaves a production environment to say which it is", () => {
    expect(serverEnv({}).SANDBOX).toBe("on");
    expect(serverEnv({ SANDBOX: "" }).SANDBOX).toBe("on");
    expect(serverEnv({ SANDBOX: "off" }).SANDBOX).toBe("off");
    // Unset, a deployment would run on the development keys; its server refuses instead (instrumentation-node.ts).
    expect(serverEnv({ NODE_ENV: "production" }).SANDBOX).toBeUndefined();
    expect(serverEnv({ NODE_ENV: "production", SANDBOX: "off" }).SANDBOX).toBe("off");
  });

  it("is taken by Node: a process started with it runs, with the request guard in front of its server", () => {
    const env = { ...process.env, ...serverEnv({ PATH: process.env.PATH, NODE_OPTIONS: "" }) };
    // Node refuses the whole NODE_OPTIONS if one flag is not allowed there (why the WebAssembly flags sit in the preload).
    const script = `const http = require("node:http");
const server = http.createServer((req, res) => res.end("app")).listen(0, "127.0.0.1", () => {
  http.get({ port: server.address().port, host: "127.0.0.1", path: "/%E0%A4%A" }, (res) => { console.log(res.statusCode); server.close(); });
});`;
    const out = execFileSync(process.execPath, ["-e", script], {
      env,
      encoding: "utf8",
      cwd: path.resolve(__dirname, ".."),
    });
    expect(out.trim()).toBe("400");
  });
});
