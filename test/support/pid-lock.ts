import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Takes a lock shared between test workers: an atomic mkdir holding the taker's pid. A lock whose
 * process died (a file that failed to load, a killed worker) is freed, to be taken on the next try.
 */
export function claimed(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    const pid = Number(holderOf(lock));
    if (pid > 0 && !alive(pid)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function holderOf(lock: string): string {
  try {
    return readFileSync(path.join(lock, 'pid'), 'utf8');
  } catch {
    // a lock just made, its pid not yet written: a live holder
    return String(process.pid);
  }
}
