import type { Fixtures } from '../target/fixtures.js';
import { customObjectsIn } from './custom-objects.js';
import { requiredAttributes } from './required-fields.js';
import { stageLists, type FoundList } from './select-lists.js';

/** What a discovery read gave: the parsed JSON of a 2xx answer, or why there is none. */
export type Answer = { json: unknown } | { problem: string };

export interface DiscoveryAnswers {
  contactSchema: Answer;
  opportunitySchema: Answer;
  accountSchema: Answer;
  summary: Answer;
}

export interface Draft {
  fixtures: Fixtures;
  /** every value written, as `key ← where it was read` */
  found: string[];
  /** what could not be read, and why: one line each */
  notRead: string[];
  /** required contact attributes whose value only the user can give */
  requiredToFill: string[];
}

const CONTACT = 'GET /_schema/contact';
const OPPORTUNITY = 'GET /_schema/opportunity';
const ACCOUNT = 'GET /_schema/account';
const SUMMARY = 'GET /_organization_schema_summary';

/** An option api_name present in two select lists, if any. */
function sharedName(lists: FoundList[]): string | undefined {
  const seen = new Map<string, number>();
  for (const l of lists) for (const n of new Set(l.options.map((o) => o.apiName))) seen.set(n, (seen.get(n) ?? 0) + 1);
  return [...seen].find(([, n]) => n > 1)?.[0];
}

const unrecognised = (key: string, read: string, what: string) =>
  `${key}: ${read} answered, but no ${what} was recognised in it`;

/**
 * The draft fixtures from the discovery answers. Every value is one the server showed; a value the
 * answers do not hold (or hold in a shape not recognised) is left out and named in `notRead`.
 */
export function draftFixtures(baseUrl: string, a: DiscoveryAnswers): Draft {
  const fixtures: Fixtures = { baseUrl };
  const found: string[] = [];
  const notRead: string[] = [];
  const requiredToFill: string[] = [];
  const from = (answer: Answer, what: string, read: (json: unknown) => void) => {
    if ('problem' in answer) notRead.push(`${what}: ${answer.problem}`);
    else read(answer.json);
  };

  from(a.contactSchema, `contact.stage (${CONTACT})`, (json) => {
    const options = stageLists(json).flatMap((l) => l.options);
    const first = options[0];
    if (first === undefined) {
      notRead.push(unrecognised('contact.stage', CONTACT, 'stage option with an api_name'));
      return;
    }
    const contact: NonNullable<Fixtures['contact']> = { stage: first.apiName };
    found.push(`contact.stage ← ${CONTACT}`);
    if (first.displayName !== undefined) {
      contact.stageDisplayName = first.displayName;
      found.push(`contact.stageDisplayName ← ${CONTACT}`);
    }
    const other = options.find((o) => o.apiName !== first.apiName);
    if (other !== undefined) {
      contact.otherStage = other.apiName;
      found.push(`contact.otherStage ← ${CONTACT}`);
    }
    fixtures.contact = contact;
  });
  from(a.contactSchema, `contact.createAttributes (${CONTACT})`, (json) => {
    const createAttributes: Record<string, unknown> = {};
    for (const r of requiredAttributes(json)) {
      const key = `contact.createAttributes.${r.name}`;
      if (r.serverValue !== undefined) {
        createAttributes[r.name] = r.serverValue;
        found.push(`${key} ← ${CONTACT} (the first value it lists)`);
      } else if (r.valueType === 'string' || r.valueType === 'long_text') {
        found.push(`${key}: left out; a run fills this free-text field with a tagged value itself`);
      } else {
        requiredToFill.push(`${key}${r.valueType !== undefined ? ` (${r.valueType})` : ''}`);
      }
    }
    if (Object.keys(createAttributes).length > 0) fixtures.contact = { ...fixtures.contact, createAttributes };
  });
  // The spec states schema discovery for contact only; these two reads are tried and may answer 404.
  from(a.opportunitySchema, `opportunity.stageId (${OPPORTUNITY}, a read the spec does not state)`, (json) => {
    const lists = stageLists(json);
    const list = lists.find((l) => l.options.some((o) => o.id !== undefined));
    const stageId = list?.options.find((o) => o.id !== undefined)?.id;
    if (list === undefined || stageId === undefined) {
      notRead.push(unrecognised('opportunity.stageId', OPPORTUNITY, 'stage option with a uuid id'));
      return;
    }
    const opportunity: NonNullable<Fixtures['opportunity']> = { stageId };
    found.push(`opportunity.stageId ← ${OPPORTUNITY}`);
    if (list.id !== undefined) {
      opportunity.stageSelectListId = list.id;
      found.push(`opportunity.stageSelectListId ← ${OPPORTUNITY}`);
    } else {
      notRead.push(`opportunity.stageSelectListId: the stage list in ${OPPORTUNITY} shows no uuid id`);
    }
    const shared = sharedName(lists);
    if (shared !== undefined) {
      opportunity.sharedStageName = shared;
      found.push(`opportunity.sharedStageName ← ${OPPORTUNITY} (an option in two lists)`);
    }
    fixtures.opportunity = opportunity;
  });
  from(a.accountSchema, `account.stage (${ACCOUNT}, a read the spec does not state)`, (json) => {
    const option = stageLists(json).flatMap((l) => l.options)[0];
    if (option === undefined) {
      notRead.push(unrecognised('account.stage', ACCOUNT, 'stage option with an api_name'));
      return;
    }
    fixtures.account = { stage: option.apiName };
    found.push(`account.stage ← ${ACCOUNT}`);
  });
  from(a.summary, `customObject (${SUMMARY})`, (json) => {
    const co = customObjectsIn(json)[0];
    if (co === undefined) {
      notRead.push(unrecognised('customObject.apiName', SUMMARY, 'api_name starting with cus_obj__'));
      return;
    }
    fixtures.customObject = { apiName: co.apiName };
    found.push(`customObject.apiName ← ${SUMMARY}`);
    if (co.matchField !== undefined) {
      fixtures.customObject.matchField = co.matchField;
      found.push(`customObject.matchField ← ${SUMMARY}`);
    } else {
      notRead.push(`customObject.matchField: ${SUMMARY} names no match field for ${co.apiName}`);
    }
  });
  return { fixtures, found, notRead, requiredToFill };
}
