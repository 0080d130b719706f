import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/** A second process on an embedded data folder: PGlite is one process per folder (two corrupt it). */
export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by process ${pid}: PGlite takes one process per folder. Stop that process, or give this one another DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = "DataDirInUse";
  }
}

const LOCK_FILE = "storefront.lock";

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `dir` for this process: a lock file holding its pid, created exclusively. A lock whose
 * process is gone (a crash, kill -9) is stale and taken over; a live one throws DataDirInUse.
 * Returns the release (also run when the process exits).
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.removeListener("exit", release);
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw err;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (pid === process.pid) return () => {};
      if (alive(pid)) throw new DataDirInUse(dir, pid);
      unlinkSync(file);
    }
  }
}
