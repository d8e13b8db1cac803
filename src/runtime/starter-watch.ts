import fs from "node:fs";

/** How often the server looks for the process that started it; with the shutdown deadline, gone within 10 s of it. */
const CHECK_MS = 1_000;
/** The shells npm (and most supervisors) run a command line with. */
const SHELLS = new Set(["sh", "dash", "bash", "zsh", "ash", "busybox"]);

/** Linux's view of a process: its parent and its command name, or null once it is gone (or without /proc). */
function procStat(pid: number): { ppid: number; comm: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return { ppid, comm };
  } catch {
    return null;
  }
}

/**
 * Calls `onGone` once the process that started this one is gone. `npm start` is a tree — npm, the shell it runs the
 * script with, this process — and stopping npm (SIGTERM or SIGKILL) or the shell passes nothing on: this process would
 * live on as an orphan holding the port and the PGlite lock. An orphan is handed to init (or a subreaper), so its
 * parent changes; under npm's shell it is the shell that is orphaned, so the shell's parent is watched as well. A
 * process started by init itself (a container's PID 1, a systemd unit running node) has no starter to lose.
 */
export function watchStarter(onGone: (why: string) => void): void {
  const parent = process.ppid;
  if (parent <= 1) return;
  const parentStat = procStat(parent);
  // Only npm's own shell: under `nohup npm start &` the shell that ran npm may go, and the server must stay.
  const shellOfNpm = process.env.npm_lifecycle_event !== undefined && parentStat !== null && SHELLS.has(parentStat.comm);
  const grandparent = shellOfNpm && parentStat.ppid > 1 ? parentStat.ppid : null;
  const timer = setInterval(() => {
    const why =
      process.ppid !== parent
        ? "the process that started it is gone"
        : grandparent !== null && procStat(parent)?.ppid !== grandparent
          ? "npm, which started it, is gone"
          : null;
    if (!why) return;
    clearInterval(timer);
    onGone(why);
  }, CHECK_MS);
  timer.unref();
}
