import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nextStartDir, adoptBuiltConfig } from "../scripts/built-config.mjs";

const bin = "/srv/app/node_modules/next/dist/bin/next";

describe("next start on the configuration its build resolved (scripts/built-config.mjs)", () => {
  it("reads the project folder off a next start command line, and nothing off another command", () => {
    expect(nextStartDir(["node", bin, "start", "-p", "3000"], "/srv/app")).toBe("/srv/app");
    expect(nextStartDir(["node", bin, "start", "bench/floor", "-p", "3001"], "/srv/app")).toBe("/srv/app/bench/floor");
    expect(
      nextStartDir(
        ["node", bin, "start", "-p", "3001", "-H", "0.0.0.0", "--keepAliveTimeout", "70000", "site"],
        "/srv",
      ),
    ).toBe("/srv/site");
    expect(nextStartDir(["node", bin, "start", "--port=3001"], "/srv/app")).toBe("/srv/app");
    expect(nextStartDir(["node", "/srv/app/node_modules/.bin/next", "start"], "/srv/app")).toBe("/srv/app");
    // A build or a development server evaluates next.config.ts as Next means it to.
    expect(nextStartDir(["node", bin, "build"], "/srv/app")).toBeNull();
    expect(nextStartDir(["node", bin, "dev"], "/srv/app")).toBeNull();
    expect(nextStartDir(["node", "/srv/app/scripts/start.mjs", "start"], "/srv/app")).toBeNull();
    expect(nextStartDir(["node"], "/srv/app")).toBeNull();
  });

  let dir = "";
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("hands Next the build's configuration when there is a build, and leaves one already handed over alone", () => {
    dir = mkdtempSync(path.join(tmpdir(), "sf-built-config-"));
    const argv = ["node", bin, "start", "-p", "3000"];
    const env: Record<string, string | undefined> = {};
    expect(adoptBuiltConfig(env, argv, dir)).toBe(false);
    expect(env.__NEXT_PRIVATE_STANDALONE_CONFIG).toBeUndefined();

    mkdirSync(path.join(dir, ".next"));
    const config = { distDir: ".next", poweredByHeader: false, skipProxyUrlNormalize: true };
    writeFileSync(
      path.join(dir, ".next", "required-server-files.json"),
      JSON.stringify({ version: 1, config, files: [] }),
    );
    expect(adoptBuiltConfig(env, argv, dir)).toBe(true);
    expect(JSON.parse(env.__NEXT_PRIVATE_STANDALONE_CONFIG!)).toEqual(config);

    const given = { __NEXT_PRIVATE_STANDALONE_CONFIG: '{"distDir":"out"}' };
    expect(adoptBuiltConfig(given, argv, dir)).toBe(false);
    expect(given.__NEXT_PRIVATE_STANDALONE_CONFIG).toBe('{"distDir":"out"}');
    expect(adoptBuiltConfig({}, ["node", bin, "build"], dir)).toBe(false);
  });
});
