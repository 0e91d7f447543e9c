import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

/** One HAR entry as `--har` writes it (lib/report/har.ts), as far as the replay reads it. */
interface HarEntry {
  time: number;
  _startMs: number;
  _check: { index: number; held: string[] };
  request: {
    method: string;
    url: string;
    headers: Array<{ name: string; value: string }>;
    postData?: { text: string };
  };
}

/** A request to replay and the requests it waits for (they were answered before it was sent). */
interface Step {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  after: number[];
}

/**
 * The run's requests in their dependency order: within a check, a request waits for those of the
 * same check that were answered before it was sent (requests sent at once stay at once); checks
 * that took turns on a shared record wait for the check before them to finish. Nothing else orders
 * them, so the replay is the least a run of these requests needs at that concurrency.
 */
export function replayPlan(harFile: string): Step[] {
  const entries = (JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries
    .slice()
    .sort((a, b) => a._startMs - b._startMs);
  const byCheck = new Map<number, number[]>();
  entries.forEach((e, i) => byCheck.set(e._check.index, [...(byCheck.get(e._check.index) ?? []), i]));
  const steps: Step[] = entries.map((e) => ({
    method: e.request.method,
    // the path under the recorded run's base URL (…/api/v2/public/…)
    path: e.request.url.replace(/^https?:\/\/[^/]+/, '').replace(/^.*?\/api\/v2\/public/, ''),
    headers: Object.fromEntries(e.request.headers.map((h) => [h.name, h.value])),
    body: e.request.postData?.text,
    after: [],
  }));
  for (const indices of byCheck.values()) {
    for (const i of indices) {
      const e = entries[i]!;
      steps[i]!.after = indices.filter((j) => j !== i && entries[j]!._startMs + entries[j]!.time <= e._startMs);
    }
  }
  // checks that held one record: each one's first request waits for the previous holder's last
  const holders = new Map<string, number[]>();
  for (const [check, indices] of byCheck)
    for (const key of entries[indices[0]!]!._check.held) holders.set(key, [...(holders.get(key) ?? []), check]);
  for (const checks of holders.values()) {
    const ordered = checks.sort(
      (a, b) => entries[byCheck.get(a)![0]!]!._startMs - entries[byCheck.get(b)![0]!]!._startMs,
    );
    for (let k = 1; k < ordered.length; k++) {
      const before = byCheck.get(ordered[k - 1]!)!;
      steps[byCheck.get(ordered[k]!)![0]!]!.after.push(...before);
    }
  }
  return steps;
}

/**
 * Sends the plan with a plain undici loop: at most `concurrency` requests in flight, each once
 * the requests it waits for are answered. `keyFor` turns a redacted key label back into a key.
 * Returns how long it took, from the first request to the last answer.
 */
export async function replay(
  steps: readonly Step[],
  o: { baseUrl: string; concurrency: number; keyFor: (label: string) => string | undefined },
): Promise<number> {
  const agent = new Agent({ keepAliveTimeout: 2_000 });
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const slot = async (): Promise<void> => {
    if (inFlight < o.concurrency) {
      inFlight += 1;
      return;
    }
    await new Promise<void>((r) => waiting.push(r));
  };
  const free = (): void => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  const base = o.baseUrl.replace(/\/+$/, '');
  const done: Array<Promise<void>> = [];
  const started = performance.now();
  steps.forEach((s, i) => {
    done[i] = (async () => {
      await Promise.all(s.after.map((j) => done[j] as Promise<void>));
      const headers = { ...s.headers };
      const auth = headers['authorization']?.match(/^Bearer (<[a-z-]+>)$/);
      if (auth) {
        const key = o.keyFor(auth[1]!);
        if (key !== undefined) headers['authorization'] = `Bearer ${key}`;
      }
      await slot();
      try {
        const res = await request(base + s.path, {
          method: s.method as 'GET',
          headers,
          body: s.body ?? null,
          dispatcher: agent,
        });
        await res.body.text();
      } catch {
        /* an answer or none, the time is what counts */
      } finally {
        free();
      }
    })();
  });
  // a step only waits on steps before it, so the chain always resolves
  await Promise.all(done);
  const ms = performance.now() - started;
  await agent.close();
  return ms;
}
