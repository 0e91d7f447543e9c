import type { Spec } from './spec.js';
import type { Target } from '../target/target.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { argsError } from './args.js';
import { ApiClient } from '../http/client.js';
import { serverSettings } from '../http/client-settings.js';
import type { Exchange } from '../http/exchange.js';
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
import { serverOfFlags, type FlagServer } from './flag-server.js';
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
  spec: Pick<Spec, 'operations' | 'fixtures'>,
  cwd: string = process.cwd(),
): Promise<number> {
  const v = cleanupArgs(argv);
  if (v.help) {
    print(CLEANUP_USAGE);
    return 0;
  }
  if (v.ledger === undefined)
    throw new RunCannotStart("cleanup needs --ledger FILE (the ledger.jsonl of the run's report folder)");
  const file = path.resolve(cwd, v.ledger);
  if (!existsSync(file)) throw new RunCannotStart(`cleanup: no ledger at ${v.ledger}`);
  const server = {
    ...serverOfFlags(v, cwd, {
      command: 'cleanup',
      baseUrlIs: 'the server the run was made against',
      fixturesSchema: spec.fixtures.schema,
    }),
    operations: spec.operations,
  };
  const say = (line: string) => {
    for (const l of consoleLines(server.redactor.text(line))) print(l);
  };
  const lines = readLedger(file);
  const created = lines.filter(isCreated);
  const pending = pendingArchives(lines);
  const stay = leftovers(lines, spec.operations);
  const runs = [...new Set(created.map((e) => e.runId))];
  say(
    `ledger ${v.ledger}: ${created.length} created records of ${runs.length} run(s) (${runs.join(', ') || 'none'}); ${pending.length} to archive`,
  );
  const done = pending.length > 0 ? await archiveAll(pending, server, file, say) : { archived: 0, gone: 0, failed: 0 };
  if (stay.length > 0) {
    const byType = new Map<string, number>();
    for (const l of stay) byType.set(l.type, (byType.get(l.type) ?? 0) + 1);
    say(
      `cannot be archived through the API (the report's leftovers; find them by the run id): ${[...byType].map(([t, n]) => `${n} ${t}`).join(', ')}`,
    );
  }
  say(
    `cleanup: ${done.archived} archived, ${done.gone} already gone, ${done.failed} not archived, ${created.length - pending.length - stay.length} archived earlier, ${stay.length} cannot be archived`,
  );
  return done.failed > 0 ? 1 : 0;
}

function cleanupArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new RunCannotStart(`cleanup: ${argsError(err)}\n${CLEANUP_USAGE}`);
  }
}

interface Tally {
  archived: number;
  gone: number;
  failed: number;
}

/**
 * Archives every pending record, newest first (an edge goes before the records it joins), each with
 * the key that made it and only under the base URL; once the server has rate-limited past --max-wait
 * nothing more is sent, and every record left is named.
 */
async function archiveAll(
  pending: readonly CreatedEntry[],
  server: FlagServer & Pick<Target, 'operations'>,
  file: string,
  say: (line: string) => void,
): Promise<Tally> {
  const tally: Tally = { archived: 0, gone: 0, failed: 0 };
  await probe(server, server.redactor);
  // the run's back-off budget: a 429's pause is waited out, until --max-wait says to stop
  const client = new ApiClient({
    ...serverSettings(server, server.redactor),
    refuse: (_kind, message) => {
      throw new RunStopped(message.replace(/^blocked: /, ''));
    },
  });
  let stopped: string | undefined;
  for (const e of [...pending].reverse()) {
    const what = `${e.type} ${e.id} (DELETE ${e.path as string}, run ${e.runId})`;
    const refusal =
      stopped !== undefined
        ? `not sent, ${stopped}`
        : server.keys[e.auth] === undefined
          ? `it was made with the ${e.auth}; pass --other-org-api-key`
          : // a ledger line is replayed only under the base URL, whatever wrote it
            !isUnderBase(server.baseUrl, e.path as string)
            ? 'its path would leave the base URL'
            : undefined;
    if (refusal !== undefined) {
      tally.failed += 1;
      say(`not archived: ${what}: ${refusal}`);
      continue;
    }
    try {
      archiveOne(await client.delete(e.path as string, { auth: e.auth }), e, what, file, tally, say);
    } catch (err) {
      if (!(err instanceof RunStopped)) throw err;
      // the server rate-limited past --max-wait: nothing more is sent; every record left is named
      stopped = err.reason;
      tally.failed += 1;
      say(`not archived: ${what}: ${stopped}`);
    }
  }
  return tally;
}

/** What a DELETE's answer means for its record: archived, already gone (both marked in the ledger), or not. */
function archiveOne(ex: Exchange, e: CreatedEntry, what: string, file: string, tally: Tally, say: (l: string) => void) {
  const status = ex.response?.status;
  if (status !== undefined && status >= 200 && status <= 299) {
    tally.archived += 1;
    say(`archived: ${what} → HTTP ${status}`);
    record(file, e, status);
  } else if (status === 404 || status === 410) {
    tally.gone += 1;
    say(`already gone: ${what} → HTTP ${status}`);
    record(file, e, status);
  } else {
    tally.failed += 1;
    say(`not archived: ${what} → ${status === undefined ? (ex.transportError ?? 'no answer') : `HTTP ${status}`}`);
  }
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
