import fc from 'fast-check';
import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import { refusedWhereNotStated } from './not-stated.js';
import { archiveAfter, freshUpsertBody, readValue, type CustomObjectFixture } from '../steps/custom-object.js';
import { show } from '../../lib/check/show.js';
import { matchValue, sampleAttributes } from '../../fixtures/builders/custom-object.js';
import { tagged } from '../../fixtures/builders/tag.js';

/**
 * A model of a custom object's records under upsert, patch and archive, for random sequences over a
 * few match values of the run. What is stated: an upsert with a match value no record holds makes one;
 * an upsert with the match value of a record updates that record (same id, the change applied); a
 * patch answers the record with the change; a record's first DELETE archives it (2xx). Without a
 * free-text sample the commands write the samples as given, and only ids and statuses are judged. What is not
 * stated: what an upsert, a patch or a second DELETE does to an archived record. There any legal
 * answer (2xx, or 4xx with the error body) is taken, and the model follows what the server chose: an
 * upsert of an archived record's match value may make a new record, or update the archived one in
 * place, which may stay archived or come back (its answer's archived_at says which, when it shows
 * one; else the model no longer knows, and takes any legal answer for that record from then on).
 */
export interface UpsertModel {
  /** `archived`: undefined when the server's choice is not known (an archived record updated in place) */
  records: Array<{ id?: string; text?: string; archived: boolean | undefined }>;
}

/** Whether the record's state leaves the next answer open: archived, or not known to be active. */
const open = (record: { archived: boolean | undefined }): boolean => record.archived !== false;

/**
 * What an answer says of its record's archive: true or false where it shows archived_at (a non-null
 * archived_at is how the spec marks an archived record), undefined where it does not.
 */
function archivedIn(e: Conformance): boolean | undefined {
  const at = e.data().attributes['archived_at'];
  if (at === undefined || Array.isArray(at)) return undefined;
  return at.value !== null && at.value !== undefined;
}

export interface UpsertReal {
  c: CheckContext;
  co: CustomObjectFixture;
  /**
   * the free-text attribute the commands write values of their own to; undefined: the samples have none, and only ids
   * and statuses are judged
   */
  free: string | undefined;
  /** one match value of the run per slot */
  keys: string[];
}

type Command = fc.AsyncCommand<UpsertModel, UpsertReal>;

/** The free-text attribute as the answer shows it (nothing to see without one). */
function expectText(e: Conformance, free: string | undefined, text: string | undefined): void {
  if (free === undefined || text === undefined) return;
  const record = e.data();
  if (readValue(record, free) !== text)
    e.fail(`${free} ${show(text)}, the last value written to it`, `${free} ${show(record.attributes[free])}`);
}

class Upsert implements Command {
  constructor(
    readonly slot: number,
    readonly text: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(m: UpsertModel, r: UpsertReal): Promise<void> {
    const k = this.slot % m.records.length;
    const model = m.records[k]!;
    const text = r.free === undefined ? undefined : tagged(this.text, r.c.runId);
    const attributes = {
      ...sampleAttributes(r.co.attributes, r.c.runId),
      ...(r.free !== undefined ? { [r.free]: text } : {}),
    };
    const e = r.c.expect(
      await r.c.api.post(`/${r.co.apiName}/_upsert`, freshUpsertBody(r.c, r.co, r.keys[k], attributes)),
    );
    if (refusedWhereNotStated(e, model.id !== undefined && open(model))) return;
    e.success().body('envelopes/upsert');
    const id = e.data().id;
    if (model.id !== undefined && !open(model) && id !== model.id) {
      archiveAfter(r.c, r.co, id);
      e.fail(
        `data.id ${model.id} (the record match value #${this.slot} names)`,
        `data.id ${show(id)}: a second record`,
        'custom-object.upsert.updates-match',
      );
    }
    expectText(e, r.free, text);
    // the archived record updated in place (same id): archived again after the check, whatever it is now,
    // and archived or not as its answer shows (not shown either way: the server's choice)
    const inPlace = model.id !== undefined && open(model) && id === model.id;
    if (inPlace) archiveAfter(r.c, r.co, id);
    Object.assign(model, { id, text, archived: inPlace ? archivedIn(e) : false });
  }
  toString(): string {
    return `upsert match value #${this.slot}${this.text ? ` with ${JSON.stringify(this.text)}` : ''}`;
  }
}

class Patch implements Command {
  constructor(
    readonly slot: number,
    readonly text: string,
  ) {}
  check(m: Readonly<UpsertModel>): boolean {
    return m.records.some((x) => x.id !== undefined);
  }
  async run(m: UpsertModel, r: UpsertReal): Promise<void> {
    const made = m.records.filter((x) => x.id !== undefined);
    const model = made[this.slot % made.length]!;
    // without a free-text attribute, the samples as given (writing them again is still a patch)
    const text = r.free === undefined ? undefined : tagged(this.text, r.c.runId);
    const attributes = r.free === undefined ? withoutMatchField(r) : { [r.free]: text };
    const e = r.c.expect(await r.c.api.patch(`/${r.co.apiName}/${model.id}`, { attributes }));
    if (refusedWhereNotStated(e, open(model))) return;
    e.success('custom-object.patch.record');
    expectText(e, r.free, text);
    if (text !== undefined) model.text = text;
  }
  toString(): string {
    return `patch record #${this.slot}${this.text ? ` with ${JSON.stringify(this.text)}` : ''}`;
  }
}

class Archive implements Command {
  constructor(readonly slot: number) {}
  check(m: Readonly<UpsertModel>): boolean {
    return m.records.some((x) => x.id !== undefined);
  }
  async run(m: UpsertModel, r: UpsertReal): Promise<void> {
    const made = m.records.filter((x) => x.id !== undefined);
    const model = made[this.slot % made.length]!;
    const e = r.c.expect(await r.c.api.delete(`/${r.co.apiName}/${model.id}`));
    if (refusedWhereNotStated(e, open(model))) return;
    e.success('custom-object.delete.archives');
    model.archived = true;
  }
  toString(): string {
    return `archive record #${this.slot}`;
  }
}

function withoutMatchField(r: UpsertReal): Record<string, unknown> {
  const out = sampleAttributes(r.co.attributes, r.c.runId);
  delete out[r.co.matchField];
  return out;
}

/**
 * Sequences of at most `max` upserts (over three match values), patches and archives; `text` gives
 * the values written to the free-text attribute (undefined: there is none, and no value is drawn).
 */
export function upsertCommands(max: number, values: fc.Arbitrary<string> | undefined): fc.Arbitrary<Iterable<Command>> {
  const text = values ?? fc.constant('');
  const slot = fc.nat({ max: 2 });
  const upsert = fc.tuple(slot, text).map(([s, t]) => new Upsert(s, t));
  return fc.commands(
    [
      upsert,
      upsert, // twice: the same match value again is what this model is about
      fc.tuple(slot, text).map(([s, t]) => new Patch(s, t)),
      slot.map((s) => new Archive(s)),
    ],
    { maxCommands: max },
  );
}

/** Runs one sequence with three fresh match values of the run. */
export async function runUpsertSequence(
  c: CheckContext,
  co: CustomObjectFixture,
  free: string | undefined,
  commands: Iterable<Command>,
): Promise<void> {
  const keys = [0, 1, 2].map(() => matchValue(c.faker, c.runId));
  await fc.asyncModelRun(
    () => ({
      model: { records: keys.map((): { archived: boolean | undefined } => ({ archived: false })) },
      real: { c, co, free, keys },
    }),
    [...commands],
  );
}

/**
 * The sequence every run tries first: one match value upserted, patched, upserted again, then
 * archived. A server whose match lookup loses a record on a write other than upsert shows it only here.
 */
export function upsertPatchUpsert(first: string, second: string, third: string): Command[] {
  return [new Upsert(0, first), new Patch(0, second), new Upsert(0, third), new Archive(0)];
}

/**
 * The other sequence every run tries: a record archived, then its match value upserted, patched,
 * archived and upserted again. What a server does with an archived record's match value is not shown
 * (a new record, or the archived one updated in place, archived or back), and the model must follow
 * each choice: a server that keeps the record archived and answers its id with 404 shows it here.
 */
export function upsertArchivedAgain(first: string, second: string, third: string): Command[] {
  return [
    new Upsert(0, first),
    new Archive(0),
    new Upsert(0, second),
    new Patch(0, third),
    new Archive(0),
    new Upsert(0, first),
  ];
}
