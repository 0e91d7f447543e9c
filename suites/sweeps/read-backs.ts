import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import type { Exchange } from '../../lib/http/exchange.js';
import type { RuleId } from '../../lib/spec/register.js';
import { show } from '../../lib/check/show.js';
import { isWrite, splitEndpoint, type AnyRow, type AnyTable } from '../spec/operation-row.js';
import { casesFor } from './cases.js';

/** What a read shows of one written value: the value, or `NOT_ON_PAGE` where the read cannot say. */
export const NOT_ON_PAGE = Symbol('not on this page');

/** One stated writable value a write sent, and where its read-back shows it. */
export interface WrittenValue {
  /** the attribute or field, as the spec names it (`title`, `is_primary`, `the edge to <id>`) */
  name: string;
  sent: unknown;
  /** the value the read-back's body shows (undefined: absent), NOT_ON_PAGE where its page cannot show it */
  shown: (body: unknown) => unknown;
  /** the same value? (default: ===); a legal choice it leaves is an observation, never a failure */
  same?: (sent: unknown, shown: unknown) => boolean | { note: string };
  /**
   * the value the write's own answer shows, where it shows the record: a value it did not answer as
   * written is its own checks' finding (one cause, one finding), not read back
   */
  answered?: (body: unknown) => unknown;
}

/**
 * A write the run already sends, as a read-back case takes it: its answer, the values of the path
 * parameters the read-back's path shares with it, the stated values it wrote, and the read the run
 * already made after it, if one (else the family reads once).
 */
export interface Written {
  write: Exchange;
  params: Readonly<Record<string, string>>;
  values: readonly WrittenValue[];
  read?: Exchange;
}

/** One read-back of a write row: its rule, its title's words, and the write it reads back. */
export interface ReadBackCase {
  rule: RuleId;
  what: string;
  written: (c: CheckContext) => Promise<Written>;
  /** the write may be refused by a conforming server (a shape the spec does not show): then not applicable */
  refusalIsLegal?: true;
}

/** A check of the family: the write it reads back, the rule, the title, its body. */
export interface ReadBackCheck {
  endpoint: string;
  rule: RuleId;
  title: string;
  run: (c: CheckContext) => Promise<void>;
}

/** The write rows whose record a stated read shows again (the table's `readBack`). */
export const readsBack = (endpoint: string, row: AnyRow): boolean =>
  isWrite(endpoint) && typeof row.readBack === 'string';

/**
 * The read-back's path: its template's parameters filled from the write's (a read-back names only
 * parameters its write has, or a create's new id: a row whose read-back needs another stops the suite
 * from loading).
 */
export function readBackPath(table: AnyTable, endpoint: string, params: Readonly<Record<string, string>>): string {
  const readBack = table[endpoint]?.readBack;
  if (typeof readBack !== 'string') throw new Error(`${endpoint} has no read-back`);
  return splitEndpoint(readBack).template.replace(/\{([a-z_]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint}: its read-back ${readBack} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The parameters of a read-back its write lacks: none, for every row of a table that loads, but for a
 * create of a record, whose read-back names the new record by the one parameter its path lacks.
 */
export function missingParams(table: AnyTable, endpoint: string): string[] {
  const row = table[endpoint];
  const readBack = row?.readBack;
  if (typeof readBack !== 'string') return [];
  const own = Object.keys(row!.params);
  const missing = Object.keys(table[readBack]?.params ?? {}).filter((p) => !own.includes(p));
  const makesRecord = row!.creates !== null && row!.creates.what !== 'edge';
  return makesRecord && missing.length === 1 ? [] : missing;
}

/**
 * The read-back family: for every write row with a `readBack`, each of its cases, in the table's
 * order. A write row with a read-back and no case stops the suite from loading, naming where to write
 * one; so does a read-back that names a parameter its write lacks.
 */
export function readBackChecks(
  table: AnyTable,
  cases: Readonly<Record<string, readonly ReadBackCase[] | undefined>>,
): ReadBackCheck[] {
  return casesFor(table, readsBack, cases, 'READ_BACKS in suites/read-backs.checks.ts').flatMap(
    ({ endpoint, item }) => {
      const missing = missingParams(table, endpoint);
      if (missing.length > 0) throw new Error(`${endpoint}: its read-back needs ${missing.join(', ')}, which it lacks`);
      return item.map((k) => ({
        endpoint,
        rule: k.rule,
        title: `${k.what}: the read-back (${table[endpoint]!.readBack as string}) shows each stated value written`,
        run: (c: CheckContext) => readBack(c, table, endpoint, k),
      }));
    },
  );
}

/** One read-back: the write's 2xx answer, the read after it (the run's, else one of its own), each value judged. */
async function readBack(c: CheckContext, table: AnyTable, endpoint: string, k: ReadBackCase): Promise<void> {
  const w = await k.written(c);
  const status = w.write.response?.status ?? 0;
  if (k.refusalIsLegal && status >= 400 && status <= 499)
    c.notApplicable(`the write answered HTTP ${status}: it wrote nothing to read back`, [w.write]);
  c.setup(w.write, endpoint);
  const path = readBackPath(table, endpoint, w.params);
  if (w.read !== undefined && !new URL(w.read.request.url).pathname.endsWith(path))
    throw new Error(`${endpoint}: the read handed over is not of ${path}`);
  const e = c.expect(w.read ?? (await c.api.get(path))).success();
  judgeValues(
    c,
    e,
    w.values.filter((v) => answeredAsWritten(v, w.write.response?.json)),
  );
}

/** Whether the write's answer showed the value as written (or does not show the record). */
function answeredAsWritten(v: WrittenValue, answer: unknown): boolean {
  return v.answered === undefined || (v.same ?? ((a, b) => a === b))(v.sent, v.answered(answer)) !== false;
}

function judgeValues(c: CheckContext, e: Conformance, values: readonly WrittenValue[]): void {
  const body = e.json();
  for (const v of values) {
    const got = v.shown(body);
    if (got === NOT_ON_PAGE) {
      c.observe('read-back', `${v.name}: the read-back's page does not list it, and a next page exists (not followed)`);
      continue;
    }
    const same = (v.same ?? ((a, b) => a === b))(v.sent, got);
    if (typeof same === 'object') c.observe('read-back', `${v.name}: ${same.note}`);
    else if (!same)
      e.fail(`${v.name} ${show(v.sent)} as written`, `${v.name} ${got === undefined ? 'absent' : show(got)}`);
  }
}
