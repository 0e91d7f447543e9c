import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { CheckContext } from '../../lib/check/context.js';
import { phoneItemOf, type PhoneContact } from '../steps/phone-item.js';
import { setupRecord } from '../steps/record.js';
import { show } from '../../lib/check/show.js';
import { refusedWhereNotStated } from './not-stated.js';

/**
 * A model of a contact's phone items under PATCH /contact/{id}/attribute/contact_phone_numbers/{item},
 * for random sequences of primary moves, relabels and reads. What the spec states: the patch answers
 * `{ data: { id, envelope: { id, is_primary, labels, phone_number } } }` showing the item as patched,
 * phone_number never changes, and a read of the contact shows each item's last labels and an item
 * just made primary as primary. What it does not state: whether making one item primary demotes the
 * others, and how many labels an item may hold (a patch of two or more may be refused, with the error
 * body, and the item stays as it was). After such a move the model does not know the other items'
 * flags, and takes the next read's answer as the server's choice, which later reads must keep until
 * the next move.
 */
export interface PhoneModel {
  items: Array<{ number: unknown; labels: string[]; primary: boolean | undefined }>;
}

export interface PhoneReal {
  c: CheckContext;
  contactId: string;
  itemIds: string[];
}

type Command = fc.AsyncCommand<PhoneModel, PhoneReal>;

const LABELS = ['PERSONAL', 'WORK', 'MOBILE'] as const;

/** Two label lists hold the same labels (their order is not stated). */
export const sameLabels = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  isDeepStrictEqual([...(a as unknown[])].map(String).sort(), [...(b as unknown[])].map(String).sort());

const itemPath = (r: PhoneReal, i: number) => `/contact/${r.contactId}/attribute/contact_phone_numbers/${r.itemIds[i]}`;

class PatchItem implements Command {
  constructor(
    readonly slot: number,
    readonly primary: boolean,
    readonly labels: string[] | undefined,
  ) {}
  check(): boolean {
    return true;
  }
  async run(m: PhoneModel, r: PhoneReal): Promise<void> {
    const i = this.slot % m.items.length;
    const item = m.items[i]!;
    const body = { ...(this.primary ? { is_primary: true } : {}), ...(this.labels ? { labels: this.labels } : {}) };
    const e = r.c.expect(await r.c.api.patch(itemPath(r, i), body));
    // how many labels an item may hold is not stated: two or more may be refused (the item unchanged)
    if (refusedWhereNotStated(e, (this.labels?.length ?? 0) > 1)) return;
    e.success().body('envelopes/phone-item-patch');
    const env = e.json<{
      data: { envelope: { id: unknown; is_primary: unknown; labels: unknown; phone_number: unknown } };
    }>().data.envelope;
    const labels = this.labels ?? item.labels;
    const primary = this.primary ? true : item.primary;
    if (env.id !== r.itemIds[i])
      e.fail(`data.envelope.id ${r.itemIds[i]} (the item)`, `data.envelope.id ${show(env.id)}`);
    if (primary !== undefined && env.is_primary !== primary)
      e.fail(`data.envelope.is_primary ${primary}`, `is_primary ${show(env.is_primary)}`);
    if (!sameLabels(env.labels, labels)) e.fail(`data.envelope.labels ${show(labels)}`, `labels ${show(env.labels)}`);
    if (env.phone_number !== item.number)
      e.fail(`data.envelope.phone_number ${show(item.number)} (unchanged)`, `phone_number ${show(env.phone_number)}`);
    item.labels = labels;
    if (this.primary) {
      // whether the others lose the flag is not stated: unknown until read
      for (const other of m.items) if (other !== item) other.primary = undefined;
      item.primary = true;
    } else if (typeof env.is_primary === 'boolean') {
      item.primary = env.is_primary;
    }
  }
  toString(): string {
    return `patch item #${this.slot}${this.primary ? ' is_primary true' : ''}${this.labels ? ` labels ${JSON.stringify(this.labels)}` : ''}`;
  }
}

class ReadItems implements Command {
  check(): boolean {
    return true;
  }
  async run(m: PhoneModel, r: PhoneReal): Promise<void> {
    const e = r.c.expect(await r.c.api.get(`/contact/${r.contactId}`)).success();
    const contact = e.data();
    m.items.forEach((item, i) => {
      const got = phoneItemOf(contact, r.itemIds[i]!);
      const want = `item ${r.itemIds[i]} with phone_number ${show(item.number)}, labels ${show(item.labels)}${item.primary === undefined ? '' : `, is_primary ${item.primary}`}`;
      if (!got) return e.fail(want, 'no such item in contact_phone_numbers');
      if (
        got.phone_number !== item.number ||
        !sameLabels(got.labels, item.labels) ||
        (item.primary !== undefined && got.is_primary !== item.primary)
      )
        e.fail(want, `item ${show(got)}`);
      if (typeof got.is_primary === 'boolean') item.primary = got.is_primary;
    });
  }
  toString(): string {
    return 'read contact';
  }
}

/** Sequences of at most `max` phone-item patches and reads. */
export function phoneItemCommands(max: number): fc.Arbitrary<Iterable<Command>> {
  const labels = fc.subarray([...LABELS], { minLength: 1 });
  const patch = fc
    .tuple(fc.nat({ max: 3 }), fc.boolean(), fc.option(labels, { nil: undefined }))
    .filter(([, primary, l]) => primary || l !== undefined)
    .map(([s, primary, l]) => new PatchItem(s, primary, l));
  return fc.commands([patch, patch, fc.constant(new ReadItems())], { maxCommands: max });
}

/**
 * Runs one sequence on the contact's primary and non-primary item, from the state a read shows now
 * (an earlier sequence may have moved the flag), and reads the contact at the end.
 */
export async function runPhoneSequence(c: CheckContext, pc: PhoneContact, commands: Iterable<Command>): Promise<void> {
  const itemIds = [pc.primary.id, pc.other.id];
  const read = setupRecord(c, await c.api.get(`/contact/${pc.contactId}`), 'GET /contact/{contact_id}');
  const items = itemIds.map((id) => {
    const item = phoneItemOf(read, id);
    if (!item)
      c.block(
        'GET /contact/{contact_id}',
        `phone item ${id} in contact_phone_numbers, as the read before showed`,
        c.last(),
      );
    return {
      number: item.phone_number,
      labels: Array.isArray(item.labels) ? item.labels.map(String) : [],
      primary: typeof item.is_primary === 'boolean' ? item.is_primary : undefined,
    };
  });
  await fc.asyncModelRun(
    () => ({ model: { items }, real: { c, contactId: pc.contactId, itemIds } }),
    [...commands, new ReadItems()],
  );
}

/** The sequence every run tries first: relabel the primary item, move the flag to the other, read. */
export function relabelThenMovePrimary(labels: string[]): Command[] {
  return [new PatchItem(0, false, labels), new ReadItems(), new PatchItem(1, true, undefined), new ReadItems()];
}
