import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, inject } from 'vitest';
import { anyWaiting, isWaiting } from './waiting-marks.js';
import { claimed } from './pid-lock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** how many files of the computing project run at once (vitest.config.ts) */
    computeSlots: number;
  }
}

/**
 * A computing file (any but WAITING's) takes one of `computeSlots` slots before it loads anything, and gives it
 * back after its last hook. The waiting files run beside the computing ones in one pool (vitest.config.ts), a
 * worker each, so the pool holds more workers than there are cores; the slots keep the files that compute to one
 * per core, whatever worker the pool gives them, and to one fewer while a waiting file is left (beside two
 * computing files, at a load of 17, test/metered.test.ts failed 7 of its 9 tests). A slot is a folder in the
 * shared-runs folder holding its holder's pid: a worker that died holding one (a file that failed to load) frees
 * it. A waiting file takes none: it computes little, and must not wait for a core to start its clocks.
 */

/** the slot this worker holds, kept across the files it runs (isolate: false runs this module again per file) */
const HELD = Symbol.for('conformance.computeSlot');
type Holder = { [HELD]?: string };

async function take(dir: string, slots: number): Promise<string> {
  for (;;) {
    // one fewer while a waiting file is left: slot numbers above it are taken only once all have ended
    const now = anyWaiting(dir) ? Math.max(1, slots - 1) : slots;
    for (let i = 0; i < now; i++) {
      const slot = path.join(dir, `compute-slot-${i}`);
      if (claimed(slot)) return slot;
    }
    await sleep(50);
  }
}

function provided(): { dir: string; slots: number } | undefined {
  try {
    return { dir: inject('sharedRunsDir'), slots: inject('computeSlots') };
  } catch {
    return undefined;
  }
}

const holder = globalThis as Holder;
const at = provided();
const computing = !isWaiting(expect.getState().testPath ?? '');
if (computing && at !== undefined && at.slots > 0 && holder[HELD] === undefined)
  holder[HELD] = await take(at.dir, at.slots);

afterAll(() => {
  const slot = holder[HELD];
  if (slot === undefined) return;
  delete holder[HELD];
  rmSync(slot, { recursive: true, force: true });
});
