import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUse, lockDataDir } from "@/platform/db/data-dir-lock";

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sf-lock-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("one process per embedded data folder", () => {
  it("takes a free folder, says so in its lock file, and gives it back", () => {
    const dir = fresh();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "storefront.lock"), "utf8")).toBe(String(process.pid));
    // The same process again (a reopen) is not a second server.
    lockDataDir(dir)();
    expect(existsSync(path.join(dir, "storefront.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "storefront.lock"))).toBe(false);
  });

  it("refuses a folder a live process holds, naming both", async () => {
    const dir = fresh();
    const other = spawn("sleep", ["30"]);
    try {
      writeFileSync(path.join(dir, "storefront.lock"), String(other.pid));
      let refusal: unknown;
      try {
        lockDataDir(dir);
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(DataDirInUse);
      expect((refusal as Error).message).toContain(`The data folder ${dir} is in use by process ${other.pid}`);
      expect(readFileSync(path.join(dir, "storefront.lock"), "utf8")).toBe(String(other.pid));
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock whose process is gone (a crash, kill -9), and one that holds no pid", () => {
    const dir = fresh();
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(path.join(dir, "storefront.lock"), gone);
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "storefront.lock"), "utf8")).toBe(String(process.pid));
    release();
    writeFileSync(path.join(dir, "storefront.lock"), "garbage");
    lockDataDir(dir)();
  });
});
