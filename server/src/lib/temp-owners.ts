import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Temp-area owners of the apps running in this process (several in tests, one in production). */
const liveInThisProcess = new Set<string>();

const hostTag = () => createHash('sha256').update(hostname()).digest('hex').slice(0, 12);

/** `<host tag>.<pid>.<owner>.<file>`: who wrote a temp-area file, readable from its name. */
const OWNED_NAME = /^([0-9a-f]{12})\.(\d+)\.([0-9a-f-]{36})\.[0-9a-f-]{36}$/;

/**
 * Names the upload temp-area files of one app after its host and process, so an app starting
 * after a crash can tell the files of dead processes (removed at once) from those of processes
 * still writing, on this host or another sharing the data folder.
 */
export class TempOwner {
  private readonly prefix: string;

  constructor() {
    const owner = randomUUID();
    liveInThisProcess.add(owner);
    this.prefix = `${hostTag()}.${String(process.pid)}.${owner}.`;
  }

  /** A new file name in the temp area. */
  newName(): string {
    return this.prefix + randomUUID();
  }
}

/** Whether a process with this id runs on this host (a signal-0 probe). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a temp-area file was written by a process known to be gone: one on this host that
 * no longer runs, or an earlier run that had this process's id (a container restarted as
 * PID 1). False for anything else, which then only goes once left untouched for long.
 */
export function writerIsGone(name: string): boolean {
  const match = OWNED_NAME.exec(name);
  if (match === null || match[1] !== hostTag()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return !liveInThisProcess.has(match[3] ?? '');
  return !processRuns(pid);
}
