import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { environment, resolveConfig, type Values } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { argsError } from './args.js';
import { redactorFor } from '../redact/redactor-for.js';
import { useRunRedactor } from '../redact/run-redactor.js';
import { ApiClient } from '../http/client.js';
import { RunStopped } from '../http/run-stopped.js';
import { isUnderBase } from '../http/under-base.js';
import {
  appendLedger,
  isCreated,
  leftovers,
  pendingArchives,
  readLedger,
  type CreatedEntry,
} from '../safety/ledger.js';
import type { TargetKeys } from '../target/target.js';
import { probe } from './probe.js';
import { consoleLines } from '../report/console.js';

const FLAGS = {
  ledger: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'other-org-api-key': { type: 'string' },
  fixtures: { type: 'string' },
  timeout: { type: 'string' },
  'max-wait': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const CLEANUP_USAGE = [
  'Usage: npx conformance cleanup --ledger FILE [--base-url URL] [--api-key KEY] [--other-org-api-key KEY] [--timeout MS] [--max-wait S]',
  '',
  'Archives what a run that was killed or crashed left behind: DELETEs every record of the ledger',
  '(<report-dir>/ledger.jsonl) that has an archive path and was not archived yet, with the key that',
  'made it. The base URL and keys resolve as for a run (flag > environment > .env > fixtures file).',
  'A rate-limited server is waited out as a run waits it out: until it has answered nothing but 429 for',
  '--max-wait (default 180 s) or asks to wait longer; then every record left is named, not archived.',
  'Exit status: 0 every archivable record is archived or already gone · 1 some could not be archived · 2 cannot run',
].join('\n');

/** `npx conformance cleanup --ledger FILE`: returns the exit status. */
export async function cleanupCommand(
  argv: string[],
  print: (line: string) => void,
  cwd: string = process.cwd(),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false });
  } catch (err) {
    throw new RunCannotStart(`cleanup: ${argsError(err)}\n${CLEANUP_USAGE}`);
  }
  const v = parsed.values;
  if (v.help) {
    print(CLEANUP_USAGE);
    return 0;
  }
  if (v.ledger === undefined)
    throw new RunCannotStart("cleanup needs --ledger FILE (the ledger.jsonl of the run's report folder)");
  const file = path.resolve(cwd, v.ledger);
  if (!existsSync(file)) throw new RunCannotStart(`cleanup: no ledger at ${v.ledger}`);

  const settings: Values = {};
  if (v['base-url'] !== undefined) settings.baseUrl = v['base-url'];
  if (v['api-key'] !== undefined) settings.apiKey = v['api-key'];
  if (v['other-org-api-key'] !== undefined) settings.otherOrgApiKey = v['other-org-api-key'];
  if (v.fixtures !== undefined) settings.fixtures = v.fixtures;
  if (v.timeout !== undefined) settings.timeoutMs = v.timeout;
  if (v['max-wait'] !== undefined) settings.maxWait = v['max-wait'];
  const config = resolveConfig(settings, environment(cwd), cwd);
  if (config.baseUrl === undefined)
    throw new RunCannotStart('cleanup needs --base-url (or CONFORMANCE_BASE_URL): the server the run was made against');
  if (config.apiKey === undefined)
    throw new RunCannotStart('cleanup needs --api-key (or CONFORMANCE_API_KEY): the key of organization A');
  const keys: TargetKeys = { apiKey: config.apiKey };
  if (config.otherOrgApiKey !== undefined) keys.otherOrgApiKey = config.otherOrgApiKey;
  const redactor = redactorFor(keys);
  useRunRedactor(redactor);
  const say = (line: string) => {
    for (const l of consoleLines(redactor.text(line))) print(l);
  };

  const lines = readLedger(file);
  const created = lines.filter(isCreated);
  const pending = pendingArchives(lines);
  const stay = leftovers(lines);
  const runs = [...new Set(created.map((e) => e.runId))];
  say(
    `ledger ${v.ledger}: ${created.length} created records of ${runs.length} run(s) (${runs.join(', ') || 'none'}); ${pending.length} to archive`,
  );

  let failed = 0;
  let archived = 0;
  let gone = 0;
  if (pending.length > 0) {
    await probe(config.baseUrl, keys, config.timeoutMs, redactor);
    // the run's back-off budget: a 429's pause is waited out, until --max-wait says to stop
    const client = new ApiClient({
      baseUrl: config.baseUrl,
      keys,
      timeoutMs: config.timeoutMs,
      maxWaitMs: config.maxWaitMs,
      redactor,
      refuse: (_kind, message) => {
        throw new RunStopped(message.replace(/^blocked: /, ''));
      },
    });
    let stopped: string | undefined;
    // newest first: an edge goes before the records it joins
    for (const e of [...pending].reverse()) {
      const p = e.path as string;
      const what = `${e.type} ${e.id} (DELETE ${p}, run ${e.runId})`;
      if (stopped !== undefined) {
        failed += 1;
        say(`not archived: ${what}: not sent, ${stopped}`);
        continue;
      }
      if (keys[e.auth] === undefined) {
        failed += 1;
        say(`not archived: ${what}: it was made with the ${e.auth}; pass --other-org-api-key`);
        continue;
      }
      if (!isUnderBase(config.baseUrl, p)) {
        // a ledger line is replayed only under the base URL, whatever wrote it
        failed += 1;
        say(`not archived: ${what}: its path would leave the base URL`);
        continue;
      }
      let ex;
      try {
        ex = await client.delete(p, { auth: e.auth });
      } catch (err) {
        if (!(err instanceof RunStopped)) throw err;
        // the server rate-limited past --max-wait: nothing more is sent; every record left is named
        stopped = err.reason;
        failed += 1;
        say(`not archived: ${what}: ${stopped}`);
        continue;
      }
      const status = ex.response?.status;
      if (status !== undefined && status >= 200 && status <= 299) {
        archived += 1;
        say(`archived: ${what} → HTTP ${status}`);
        record(file, e, status);
      } else if (status === 404 || status === 410) {
        gone += 1;
        say(`already gone: ${what} → HTTP ${status}`);
        record(file, e, status);
      } else {
        failed += 1;
        say(`not archived: ${what} → ${status === undefined ? (ex.transportError ?? 'no answer') : `HTTP ${status}`}`);
      }
    }
  }
  if (stay.length > 0) {
    const byType = new Map<string, number>();
    for (const l of stay) byType.set(l.type, (byType.get(l.type) ?? 0) + 1);
    say(
      `cannot be archived through the API (the report's leftovers; find them by the run id): ${[...byType].map(([t, n]) => `${n} ${t}`).join(', ')}`,
    );
  }
  say(
    `cleanup: ${archived} archived, ${gone} already gone, ${failed} not archived, ${created.length - pending.length - stay.length} archived earlier, ${stay.length} cannot be archived`,
  );
  return failed > 0 ? 1 : 0;
}

/** Marks an entry archived in the ledger, so a second cleanup does not DELETE it again. */
function record(file: string, e: CreatedEntry, status: number): void {
  try {
    appendLedger(file, {
      archived: e.path as string,
      id: e.id,
      runId: e.runId,
      at: new Date().toISOString(),
      status,
      by: 'cleanup',
    });
  } catch {
    /* a read-only ledger: the next cleanup will find it gone (404) */
  }
}
