import fs from "node:fs";
import path from "node:path";

/** PGlite has no cross-process lock: one process owns a data directory, enforced with a pid lock file (docs/contracts.md §3). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        `PGlite allows one process per data directory: stop that process, or use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = { path: string; release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A process that has exited but is not reaped yet (a server killed a moment ago whose parent has not waited for it)
 * still answers `kill(pid, 0)`, yet holds nothing: Linux says so in /proc (elsewhere, assume it runs).
 */
function isZombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/s.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "pglite.lock");
}

/** Reads the pid holding a data dir, or null when free (a stale lock of a dead process counts as free). */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFilePath(dataDir), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return {
        path: file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = dataDirHolder(dataDir);
      if (holder !== null && holder !== process.pid) throw new DataDirLockedError(dataDir, holder);
      // Stale lock left by a process that died: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}
