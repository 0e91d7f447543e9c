import type { Fixtures } from '../../fixtures/fixtures-file.js';
import {
  attributesIn,
  customObjectsIn,
  matchFieldOf,
  pickCustomObject,
  relationshipsIn,
  type FoundAttribute,
} from './custom-objects.js';
import { requiredAttributes } from './required-fields.js';
import { SPEC_CREATE_FIELDS } from '../spec/workspace-required.js';
import { canFill } from '../../fixtures/builders/required-value.js';
import type { CreatedRecordType } from '../../fixtures/fixtures-file.js';
import { stageLists, type FoundList, type FoundOption } from './select-lists.js';
import { DraftWriter } from './draft-writer.js';

/** What a discovery read gave: the parsed JSON of a 2xx answer, or why there is none. */
export type Answer = { json: unknown } | { problem: string };

export interface DiscoveryAnswers {
  contactSchema: Answer;
  opportunitySchema: Answer;
  accountSchema: Answer;
  summary: Answer;
  /** GET /_schema/{custom object api_name}, a read the spec does not state; absent: not read */
  customObjectSchema?: Answer;
}

export interface Draft {
  fixtures: Fixtures;
  /** every value written, as `key = value ← where it was read` */
  found: string[];
  /** what could not be read, and why: one line each */
  notRead: string[];
  /** required attributes whose value only the user can give */
  requiredToFill: string[];
}

const CONTACT = 'GET /_schema/contact';
const OPPORTUNITY = 'GET /_schema/opportunity';
const ACCOUNT = 'GET /_schema/account';
const SUMMARY = 'GET /_organization_schema_summary';

const unrecognised = (key: string, read: string, what: string) =>
  `${key}: ${read} answered, but no ${what} was recognised in it`;

/** How many lists hold each name (api_name or display name), case folded. */
function nameCounts(lists: readonly FoundList[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const l of lists) {
    const names = new Set(
      l.options.flatMap((o) => [o.apiName, o.displayName ?? ''].filter(Boolean).map((n) => n.toLowerCase())),
    );
    for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1);
  }
  return seen;
}

/**
 * The opportunity stage option that unlocks the most checks: one with a uuid whose api_name and
 * display name are each in one list only (the checks resolving a stage by name need a name that
 * names one option), in a list with a uuid (for select_list_id); never an option two pipelines share.
 */
export function opportunityStage(
  lists: readonly FoundList[],
): { option: FoundOption; list: FoundList; unique: boolean } | undefined {
  const counts = nameCounts(lists);
  const once = (o: FoundOption) =>
    (counts.get(o.apiName.toLowerCase()) ?? 0) <= 1 &&
    (o.displayName === undefined || (counts.get(o.displayName.toLowerCase()) ?? 0) <= 1);
  const candidates = lists.flatMap((list) =>
    list.options.filter((o) => o.id !== undefined).map((option) => ({ option, list })),
  );
  const best =
    candidates.find((c) => once(c.option) && c.list.id !== undefined) ?? candidates.find((c) => once(c.option));
  if (best) return { ...best, unique: true };
  const any = candidates[0];
  return any ? { ...any, unique: false } : undefined;
}

/** An option api_name two lists share, if any. */
function sharedName(lists: readonly FoundList[]): string | undefined {
  const seen = new Map<string, number>();
  for (const l of lists) for (const n of new Set(l.options.map((o) => o.apiName))) seen.set(n, (seen.get(n) ?? 0) + 1);
  return [...seen].find(([, n]) => n > 1)?.[0];
}

const FREE_TEXT = new Set(['string', 'long_text']);

/**
 * The samples of a custom object's attributes that unlock the most checks: a value for each required
 * one it can fill, one free-text attribute (not the match field; value_type string or long_text) and
 * one select (its first option's api_name). Values of its own only for free text; a select's is the
 * server's own option. Required attributes it cannot fill are returned apart.
 */
export function customObjectSamples(
  attributes: readonly FoundAttribute[],
  matchField: string | undefined,
): { samples: Record<string, unknown>; why: Record<string, string>; unfilled: string[] } {
  const samples: Record<string, unknown> = {};
  const why: Record<string, string> = {};
  const unfilled: string[] = [];
  const writable = attributes.filter((a) => a.writable && a.apiName !== matchField);
  const fill = (a: FoundAttribute, reason: string): boolean => {
    if (a.apiName in samples) return true;
    if (a.options.length > 0) samples[a.apiName] = a.options[0]!.apiName;
    else if (FREE_TEXT.has(a.valueType ?? '')) samples[a.apiName] = `Sample ${a.apiName.replace(/_/g, ' ')}`;
    else return false;
    why[a.apiName] = reason;
    return true;
  };
  for (const a of writable.filter((x) => x.required))
    if (!fill(a, 'required on create'))
      unfilled.push(`customObject.attributes.${a.apiName} (${a.valueType ?? 'type not shown'})`);
  const text =
    writable.find((a) => FREE_TEXT.has(a.valueType ?? '') && a.apiName !== 'display_name') ??
    writable.find((a) => FREE_TEXT.has(a.valueType ?? ''));
  if (text) fill(text, `free text (${text.valueType ?? ''}): the one the suite writes values of its own to`);
  const select = writable.find((a) => a.options.length > 0);
  if (select) fill(select, `a select: its first option, sent as given`);
  return { samples, why, unfilled };
}

/**
 * The draft fixtures from the discovery answers. Every value is one the server showed (or, for a
 * free-text sample, one the server typed as free text); a value the answers do not hold (or hold in
 * a shape not recognised) is left out and named in `notRead`. Each value goes in through one writer
 * (draft-writer.ts), which records where it came from.
 */
export function draftFixtures(baseUrl: string, a: DiscoveryAnswers): Draft {
  const w = new DraftWriter(baseUrl);
  const notRead: string[] = [];
  const requiredToFill: string[] = [];
  const from = (answer: Answer | undefined, what: string, read: (json: unknown) => void) => {
    if (answer === undefined) return;
    if ('problem' in answer) notRead.push(`${what}: ${answer.problem}`);
    else read(answer.json);
  };

  draftContact(w, a.contactSchema, from, notRead, requiredToFill);
  // The spec states schema discovery for contact only; these reads are tried and may answer 404.
  from(a.opportunitySchema, `opportunity.stageId (${OPPORTUNITY}, a read the spec does not state)`, (json) => {
    const lists = stageLists(json);
    const picked = opportunityStage(lists);
    if (picked === undefined) {
      notRead.push(unrecognised('opportunity.stageId', OPPORTUNITY, 'stage option with a uuid id'));
      return;
    }
    const { option, list, unique } = picked;
    w.put(
      'opportunity.stageId',
      option.id,
      `${OPPORTUNITY} (option ${option.apiName} of ${list.how ?? 'a stage list'}${unique ? ', its names in one list only' : '; every option shares a name with another list, so the checks resolving a stage by name will skip'})`,
    );
    if (list.id !== undefined) w.put('opportunity.stageSelectListId', list.id, `${OPPORTUNITY} (the list holding it)`);
    else notRead.push(`opportunity.stageSelectListId: the stage list in ${OPPORTUNITY} shows no uuid id`);
    const shared = sharedName(lists);
    if (shared !== undefined) w.put('opportunity.sharedStageName', shared, `${OPPORTUNITY} (an option in two lists)`);
  });
  draftRequired(w, a.opportunitySchema, 'opportunity', from, requiredToFill);
  draftRequired(w, a.accountSchema, 'account', from, requiredToFill);
  from(a.accountSchema, `account.stage (${ACCOUNT}, a read the spec does not state)`, (json) => {
    const lists = stageLists(json);
    const option = lists.flatMap((l) => l.options)[0];
    if (option === undefined) {
      notRead.push(unrecognised('account.stage', ACCOUNT, 'stage option with an api_name'));
      return;
    }
    w.put('account.stage', option.apiName, `${ACCOUNT} (the first option of ${lists[0]!.how ?? 'a stage list'})`);
  });
  const co = draftCustomObject(w, a, notRead, requiredToFill);
  draftRelationships(w, a, co);
  return { fixtures: w.fixtures, found: w.found, notRead, requiredToFill };
}

/** contact: a stage option (with its display name and another option) and the required create attributes. */
function draftContact(
  w: DraftWriter,
  answer: Answer,
  from: (answer: Answer, what: string, read: (json: unknown) => void) => void,
  notRead: string[],
  requiredToFill: string[],
): void {
  from(answer, `contact.stage (${CONTACT})`, (json) => {
    const lists = stageLists(json);
    const options = lists.flatMap((l) => l.options);
    const first = options[0];
    if (first === undefined) {
      notRead.push(unrecognised('contact.stage', CONTACT, 'stage option with an api_name'));
      return;
    }
    w.put('contact.stage', first.apiName, `${CONTACT} (the first option of ${lists[0]!.how ?? 'a stage list'})`);
    if (first.displayName !== undefined)
      w.put('contact.stageDisplayName', first.displayName, `${CONTACT} (that option's display name)`);
    const other = options.find((o) => o.apiName !== first.apiName);
    if (other !== undefined) w.put('contact.otherStage', other.apiName, `${CONTACT} (another option)`);
  });
  draftRequired(w, answer, 'contact', from, requiredToFill);
}

/**
 * `<type>.createAttributes`: what the type's schema marks `is_required_on_create` beyond the spec's
 * own create fields. A value the answer lists (an option, an enum value) is drafted; a field of a type
 * the run fills itself on each create (text, a timestamp, a domain) is named and left out; any other
 * is one only the user can give.
 */
function draftRequired(
  w: DraftWriter,
  answer: Answer,
  type: CreatedRecordType,
  from: (answer: Answer, what: string, read: (json: unknown) => void) => void,
  requiredToFill: string[],
): void {
  const read = `GET /_schema/${type}`;
  from(
    answer,
    `${type}.createAttributes (${read}${type === 'contact' ? '' : ', a read the spec does not state'})`,
    (json) => {
      for (const r of requiredAttributes(json, SPEC_CREATE_FIELDS[type])) {
        const key = `${type}.createAttributes.${r.name}`;
        if (r.serverValue !== undefined) w.put(key, r.serverValue, `${read} (required; the first value it lists)`);
        else if (r.valueType !== undefined && canFill(r.valueType))
          w.note(`${key} (${r.valueType}, required): left out; a run fills it with a value of its own on each create`);
        else requiredToFill.push(`${key}${r.valueType !== undefined ? ` (${r.valueType})` : ''}`);
      }
    },
  );
}

/** customObject: its api_name from the summary, its match field and samples from wherever they are listed. */
function draftCustomObject(
  w: DraftWriter,
  a: DiscoveryAnswers,
  notRead: string[],
  requiredToFill: string[],
): string | undefined {
  if ('problem' in a.summary) {
    notRead.push(`customObject (${SUMMARY}): ${a.summary.problem}`);
    return undefined;
  }
  const co = pickCustomObject(customObjectsIn(a.summary.json));
  if (co === undefined) {
    notRead.push(unrecognised('customObject.apiName', SUMMARY, 'api_name starting with cus_obj__'));
    return undefined;
  }
  w.put('customObject.apiName', co.apiName, SUMMARY);
  const schema =
    a.customObjectSchema !== undefined && 'json' in a.customObjectSchema ? a.customObjectSchema.json : undefined;
  const schemaRead = `GET /_schema/${co.apiName}`;
  const { attributes, where } = mergedAttributes(
    co.attributes,
    attributesIn(schema),
    `${schemaRead} (a read the spec does not state)`,
  );
  const fromSchema =
    schema !== undefined && schema !== null && typeof schema === 'object'
      ? matchFieldOf(schema as Record<string, unknown>, attributes)
      : {};
  const match =
    co.matchField !== undefined
      ? { matchField: co.matchField, matchFrom: co.matchFrom, read: SUMMARY }
      : fromSchema.matchField !== undefined
        ? { ...fromSchema, read: `${schemaRead} (a read the spec does not state)` }
        : undefined;
  if (match?.matchField !== undefined)
    w.put('customObject.matchField', match.matchField, `${match.read} (${match.matchFrom ?? 'named'})`);
  else
    notRead.push(
      `customObject.matchField: ${SUMMARY} names no match field for ${co.apiName}, and no attribute is marked unique`,
    );
  if (attributes.length === 0) {
    notRead.push(
      `customObject.attributes: no attributes of ${co.apiName} were listed (${a.customObjectSchema && 'problem' in a.customObjectSchema ? a.customObjectSchema.problem : `${SUMMARY} lists none`})`,
    );
    return co.apiName;
  }
  const { samples, why, unfilled } = customObjectSamples(attributes, match?.matchField);
  for (const [name, value] of Object.entries(samples))
    w.put(`customObject.attributes.${name}`, value, `${where(name)} (${why[name] ?? ''})`);
  requiredToFill.push(...unfilled);
  return co.apiName;
}

/**
 * relationships: the api_names listed in a collection of relationships, by the record type each leads
 * from and to: in that type's schema, else under that type in the summary. Never an attribute's
 * api_name (a record_reference to a contact is no relationship api_name).
 */
function draftRelationships(w: DraftWriter, a: DiscoveryAnswers, customObject: string | undefined): void {
  const listed = (answer: Answer | undefined) =>
    answer !== undefined && 'json' in answer ? relationshipsIn(answer.json) : [];
  const summary = listed(a.summary);
  const pick = (key: string, owner: string, schema: Answer | undefined, read: string, type: string | undefined) => {
    if (type === undefined) return;
    const own = listed(schema).find((r) => r.relatedType === type && (r.ownerType ?? owner) === owner);
    const found = own ?? summary.find((r) => r.relatedType === type && r.ownerType === owner);
    const where = own !== undefined ? read : `${SUMMARY}, under ${owner}`;
    if (found) w.put(`relationships.${key}`, found.apiName, `${where} (its relationship to ${type})`);
  };
  pick('contactAccounts', 'contact', a.contactSchema, CONTACT, 'account');
  pick('contactOpportunities', 'contact', a.contactSchema, CONTACT, 'opportunity');
  pick('contactCustomObject', 'contact', a.contactSchema, CONTACT, customObject);
  pick('opportunityContacts', 'opportunity', a.opportunitySchema, OPPORTUNITY, 'contact');
  if (customObject !== undefined)
    pick('customObject', customObject, a.customObjectSchema, `GET /_schema/${customObject}`, 'contact');
}

/**
 * A custom object's attributes from both listings: the summary's, each completed by the schema's
 * attribute of the same name (its options, its type), then the schema's others. `where` names the
 * read an attribute's sample comes from.
 */
function mergedAttributes(
  summary: readonly FoundAttribute[],
  schema: readonly FoundAttribute[],
  schemaRead: string,
): { attributes: FoundAttribute[]; where: (name: string) => string } {
  const fromSchema = new Set<string>();
  const attributes = summary.map((s) => {
    const t = schema.find((x) => x.apiName === s.apiName);
    if (t === undefined || (s.valueType !== undefined && (s.options.length > 0 || t.options.length === 0))) return s;
    fromSchema.add(s.apiName);
    const valueType = s.valueType ?? t.valueType;
    const options = s.options.length > 0 ? s.options : t.options;
    return { ...s, ...(valueType !== undefined ? { valueType } : {}), options };
  });
  for (const t of schema)
    if (!summary.some((s) => s.apiName === t.apiName)) {
      attributes.push(t);
      fromSchema.add(t.apiName);
    }
  return { attributes, where: (name) => (fromSchema.has(name) ? schemaRead : SUMMARY) };
}
