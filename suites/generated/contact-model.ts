import fc from 'fast-check';
import { requiredOnCreate } from '../steps/required-on-create.js';
import { textReadBack } from '../steps/same-text.js';
import type { CheckContext } from '../../lib/check/context.js';
import type { Conformance } from '../../lib/check/expect-conform.js';
import { refusedWhereNotStated } from './not-stated.js';
import { contactStage, requiredCreateAttributes } from '../steps/contact.js';
import { opportunityStage } from '../steps/opportunity.js';
import { relationshipName } from '../steps/relationship.js';
import { valueOf } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { accountCreateBody } from '../../fixtures/builders/account.js';
import { contactCreateBody } from '../../fixtures/builders/contact.js';
import { opportunityCreateBody } from '../../fixtures/builders/opportunity.js';
import { byId } from '../../fixtures/builders/relationship.js';
import { attributeWrites, contactWritable, written, type AttributeWrite } from './arbitraries.js';

/**
 * A model of what the spec states about contacts, accounts and opportunities, for random sequences
 * of commands (fast-check's model-based testing). After each command the server's answer must agree
 * with the model: a contact shows the last value written to each attribute (in every answer and
 * read), and linking a contact to an opportunity succeeds exactly when the contact is on the
 * opportunity's account (else 409 contact_account_association_required), and an account's first
 * DELETE archives it (2xx). What the model cannot know (a second link of the same edge, a link to an
 * archived account, an opportunity on one, a second archive) any legal answer satisfies: 2xx, or
 * 4xx with the error body; the model then follows what the server chose.
 */
export interface Model {
  contacts: Array<{ attrs: Record<string, string>; accounts: Set<number>; opportunities: Set<number> }>;
  accounts: Array<{ archived: boolean }>;
  opportunities: Array<{ account: number }>;
}

/** The server side: the ids the commands made, in the model's order. */
export interface Real {
  c: CheckContext;
  contacts: string[];
  accounts: string[];
  opportunities: string[];
}

type Command = fc.AsyncCommand<Model, Real>;

const STRING_ATTRIBUTES = ['first_name', 'last_name', 'title', 'primary_email'] as const;

/** Every attribute the model holds for the contact, as the record shows it. */
function expectAttributes(e: Conformance, attrs: Record<string, string>, what: string): void {
  const record = e.data();
  for (const [name, value] of Object.entries(attrs)) {
    const got = valueOf(record, name);
    // text not in NFC may read back normalised, "" as no value: the server's choice (same-text.ts)
    if (textReadBack(value, got) === 'different')
      e.fail(
        `${name} ${show(value)}, the last value written to it`,
        `${name} ${show(record.attributes[name])} ${what}`,
      );
  }
}

class CreateContact implements Command {
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const body = contactCreateBody(r.c.faker, {
      stage: contactStage(r.c),
      runId: r.c.runId,
      required: requiredCreateAttributes(r.c),
    });
    const e = r.c.expect(await r.c.api.post('/contact', body)).success();
    const attrs = Object.fromEntries(STRING_ATTRIBUTES.map((n) => [n, String(body.attributes[n])]));
    expectAttributes(e, attrs, 'in the create answer');
    m.contacts.push({ attrs, accounts: new Set(), opportunities: new Set() });
    r.contacts.push(e.data().id);
  }
  toString(): string {
    return 'create contact';
  }
}

class PatchContact implements Command {
  constructor(
    readonly slot: number,
    readonly writes: AttributeWrite[],
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.contacts.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const i = this.slot % m.contacts.length;
    const body = { attributes: Object.fromEntries(this.writes.map((w) => [w.name, written(w)])) };
    const e = r.c.expect(await r.c.api.patch(`/contact/${r.contacts[i]}`, body)).success();
    const model = m.contacts[i]!;
    for (const w of this.writes) model.attrs[w.name] = w.value.value;
    expectAttributes(e, model.attrs, 'in the patch answer');
  }
  toString(): string {
    return `patch contact #${this.slot} ${this.writes.map((w) => `${w.name}=${JSON.stringify(w.value.value)}${w.enveloped ? ' (enveloped)' : ''}`).join(', ')}`;
  }
}

class ReadContact implements Command {
  constructor(readonly slot: number) {}
  check(m: Readonly<Model>): boolean {
    return m.contacts.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const i = this.slot % m.contacts.length;
    expectAttributes(
      r.c.expect(await r.c.api.get(`/contact/${r.contacts[i]}`)).success(),
      m.contacts[i]!.attrs,
      'in GET /contact/{contact_id}',
    );
  }
  toString(): string {
    return `read contact #${this.slot}`;
  }
}

class CreateAccount implements Command {
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const e = r.c
      .expect(
        await r.c.api.post(
          '/account',
          accountCreateBody(r.c.faker, { runId: r.c.runId, required: requiredOnCreate(r.c, 'account') }),
        ),
      )
      .success();
    m.accounts.push({ archived: false });
    r.accounts.push(e.data().id);
  }
  toString(): string {
    return 'create account';
  }
}

class LinkContactToAccount implements Command {
  constructor(
    readonly contact: number,
    readonly account: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.contacts.length > 0 && m.accounts.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const ci = this.contact % m.contacts.length;
    const ai = this.account % m.accounts.length;
    const ex = await r.c.api.post(
      `/contact/${r.contacts[ci]}/relationship/${relationshipName(r.c, 'contactAccounts')}`,
      byId(r.accounts[ai]!),
    );
    const e = r.c.expect(ex);
    // a second link of the same edge, or a link to an archived account: what the server answers is not shown
    if (refusedWhereNotStated(e, m.contacts[ci]!.accounts.has(ai) || m.accounts[ai]!.archived)) return;
    e.success();
    m.contacts[ci]!.accounts.add(ai);
  }
  toString(): string {
    return `link contact #${this.contact} to account #${this.account}`;
  }
}

class CreateOpportunity implements Command {
  constructor(readonly account: number) {}
  check(m: Readonly<Model>): boolean {
    return m.accounts.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const ai = this.account % m.accounts.length;
    const e = r.c.expect(
      await r.c.api.post(
        '/opportunity',
        opportunityCreateBody(r.c.faker, {
          runId: r.c.runId,
          stage: opportunityStage(r.c),
          accountId: r.accounts[ai]!,
          required: requiredOnCreate(r.c, 'opportunity'),
        }),
      ),
    );
    // an opportunity on an archived account: not shown whether it may be made
    if (refusedWhereNotStated(e, m.accounts[ai]!.archived)) return;
    e.success();
    m.opportunities.push({ account: ai });
    r.opportunities.push(e.data().id);
  }
  toString(): string {
    return `create opportunity on account #${this.account}`;
  }
}

class LinkOpportunityToContact implements Command {
  constructor(
    readonly opportunity: number,
    readonly contact: number,
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.opportunities.length > 0 && m.contacts.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const oi = this.opportunity % m.opportunities.length;
    const ci = this.contact % m.contacts.length;
    const contact = m.contacts[ci]!;
    const allowed = contact.accounts.has(m.opportunities[oi]!.account);
    const archived = m.accounts[m.opportunities[oi]!.account]!.archived;
    const e = r.c.expect(
      await r.c.api.post(
        `/opportunity/${r.opportunities[oi]}/relationship/${relationshipName(r.c, 'opportunityContacts')}`,
        byId(r.contacts[ci]!),
      ),
    );
    if (!allowed) {
      // refused in any case; on an archived account a server may give that as its reason first
      // (what an archive does to links is not shown), so only the refusal is required there
      e.rejected('relationship.contact-account-association');
      if (!archived)
        e.status(409, 'relationship.contact-account-association').code(
          'contact_account_association_required',
          'relationship.contact-account-association',
        );
      return;
    }
    // a second link of the same edge, or a link to an opportunity on an archived account: not shown
    if (refusedWhereNotStated(e, contact.opportunities.has(oi) || archived)) return;
    e.success('relationship.contact-account-association');
    contact.opportunities.add(oi);
  }
  toString(): string {
    return `link opportunity #${this.opportunity} to contact #${this.contact}`;
  }
}

class ArchiveAccount implements Command {
  constructor(readonly account: number) {}
  check(m: Readonly<Model>): boolean {
    return m.accounts.length > 0;
  }
  async run(m: Model, r: Real): Promise<void> {
    const ai = this.account % m.accounts.length;
    const e = r.c.expect(await r.c.api.delete(`/account/${r.accounts[ai]}`));
    // a second DELETE of an archived account: not shown
    if (refusedWhereNotStated(e, m.accounts[ai]!.archived)) return;
    e.success('account.delete.archives');
    m.accounts[ai]!.archived = true;
  }
  toString(): string {
    return `archive account #${this.account}`;
  }
}

const slot = fc.nat({ max: 7 });

/** Sequences of at most `max` commands over the model, the values carrying the run id `runId`. */
export function contactCommands(max: number, runId: string): fc.Arbitrary<Iterable<Command>> {
  const patch = fc
    .tuple(slot, attributeWrites(contactWritable(runId)))
    .map(
      ([s, w]) =>
        new PatchContact(
          s,
          w.filter((x) => !x.value.edge),
        ),
    )
    .filter((p) => p.writes.length > 0);
  const commands: Array<fc.Arbitrary<Command>> = [
    fc.constant(new CreateContact()),
    patch,
    patch, // twice: patches are what a model of attribute values is about
    slot.map((s) => new ReadContact(s)),
    fc.constant(new CreateAccount()),
    fc.tuple(slot, slot).map(([a, b]) => new LinkContactToAccount(a, b)),
    slot.map((s) => new CreateOpportunity(s)),
    fc.tuple(slot, slot).map(([a, b]) => new LinkOpportunityToContact(a, b)),
    slot.map((s) => new ArchiveAccount(s)),
  ];
  return fc.commands(commands, { maxCommands: max });
}

/**
 * Runs one sequence against the server from an empty model, after a fixed start (a contact, an
 * account, an opportunity on it) so that every generated command has records to act on.
 */
export async function runSequence(c: CheckContext, commands: Iterable<Command>): Promise<void> {
  const start: Command[] = [new CreateContact(), new CreateAccount(), new CreateOpportunity(0)];
  await fc.asyncModelRun(
    () => ({
      model: { contacts: [], accounts: [], opportunities: [] },
      real: { c, contacts: [], accounts: [], opportunities: [] },
    }),
    [...start, ...commands],
  );
}

/**
 * The sequence every run tries first: two patches of different attributes of one contact, then a
 * read. A server that applies a patch to a stale copy of the record shows it only here.
 */
export function twoPatchesThenRead(firstName: string, title: string): Command[] {
  const write = (name: string, value: string): AttributeWrite => ({
    name,
    valueType: 'string',
    value: { value, edge: false },
    enveloped: false,
  });
  return [
    new PatchContact(0, [write('first_name', firstName)]),
    new PatchContact(0, [write('title', title)]),
    new ReadContact(0),
  ];
}
