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

/** Values that several lists share by api_name: an option present in two select lists. */
function sharedName(lists: FoundList[]): string | undefined {
  const seen = new Map<string, number>();
  for (const l of lists) for (const n of new Set(l.options.map((o) => o.apiName))) seen.set(n, (seen.get(n) ?? 0) + 1);
  return [...seen].find(([, n]) => n > 1)?.[0];
}

/**
 * The draft fixtures from the discovery answers. Every value is one the server showed; a value the
 * answers do not hold (or hold in a shape not recognised) is left out and named in `notRead`.
 */
export function draftFixtures(baseUrl: string, a: DiscoveryAnswers): Draft {
  const fixtures: Fixtures = { baseUrl };
  const found: string[] = [];
  const notRead: string[] = [];
  const from = (answer: Answer, what: string, read: (json: unknown) => void) => {
    if ('problem' in answer) notRead.push(`${what}: ${answer.problem}`);
    else read(answer.json);
  };

  from(a.contactSchema, 'contact.stage (GET /_schema/contact)', (json) => {
    const options = stageLists(json).flatMap((l) => l.options);
    const [first, second] = options;
    if (first === undefined) { notRead.push('contact.stage: GET /_schema/contact answered, but no stage option with an api_name was recognised in it'); return; }
    fixtures.contact = { stage: first.apiName };
    found.push(`contact.stage ← GET /_schema/contact`);
    if (first.displayName !== undefined) { fixtures.contact.stageDisplayName = first.displayName; found.push('contact.stageDisplayName ← GET /_schema/contact'); }
    const other = [second, ...options].find((o) => o !== undefined && o.apiName !== first.apiName);
    if (other !== undefined) { fixtures.contact.otherStage = other.apiName; found.push('contact.otherStage ← GET /_schema/contact'); }
  });
  const required: string[] = [];
  if (!('problem' in a.contactSchema)) {
    const createAttributes: Record<string, unknown> = {};
    for (const r of requiredAttributes(a.contactSchema.json)) {
      if (r.serverValue !== undefined) {
        createAttributes[r.name] = r.serverValue;
        found.push(`contact.createAttributes.${r.name} ← GET /_schema/contact (the first value it lists)`);
      } else if (r.valueType === 'string' || r.valueType === 'long_text') {
        found.push(`contact.createAttributes.${r.name}: left out; a run fills this free-text field with a tagged value itself`);
      } else {
        required.push(`contact.createAttributes.${r.name}${r.valueType !== undefined ? ` (${r.valueType})` : ''}`);
      }
    }
    if (Object.keys(createAttributes).length > 0) fixtures.contact = { ...fixtures.contact, createAttributes };
  }

  // The spec states schema discovery for contact only; these reads are tried and may answer 404.
  from(a.opportunitySchema, 'opportunity.stageId (GET /_schema/opportunity, a read the spec does not state)', (json) => {
    const lists = stageLists(json);
    const list = lists.find((l) => l.options.some((o) => o.id !== undefined));
    const option = list?.options.find((o) => o.id !== undefined);
    if (list === undefined || option?.id === undefined) { notRead.push('opportunity.stageId: GET /_schema/opportunity answered, but no stage option with a uuid id was recognised in it'); return; }
    fixtures.opportunity = { stageId: option.id };
    found.push('opportunity.stageId ← GET /_schema/opportunity');
    if (list.id !== undefined) { fixtures.opportunity.stageSelectListId = list.id; found.push('opportunity.stageSelectListId ← GET /_schema/opportunity'); }
    else notRead.push('opportunity.stageSelectListId: the stage list in GET /_schema/opportunity shows no uuid id');
    const shared = sharedName(lists);
    if (shared !== undefined) { fixtures.opportunity.sharedStageName = shared; found.push('opportunity.sharedStageName ← GET /_schema/opportunity (an option in two lists)'); }
  });
  from(a.accountSchema, 'account.stage (GET /_schema/account, a read the spec does not state)', (json) => {
    const option = stageLists(json).flatMap((l) => l.options)[0];
    if (option === undefined) { notRead.push('account.stage: GET /_schema/account answered, but no stage option with an api_name was recognised in it'); return; }
    fixtures.account = { stage: option.apiName };
    found.push('account.stage ← GET /_schema/account');
  });
  from(a.summary, 'customObject (GET /_organization_schema_summary)', (json) => {
    const [co] = customObjectsIn(json);
    if (co === undefined) { notRead.push('customObject.apiName: GET /_organization_schema_summary answered, but no api_name starting with cus_obj__ was recognised in it'); return; }
    fixtures.customObject = { apiName: co.apiName };
    found.push('customObject.apiName ← GET /_organization_schema_summary');
    if (co.matchField !== undefined) { fixtures.customObject.matchField = co.matchField; found.push('customObject.matchField ← GET /_organization_schema_summary'); }
    else notRead.push(`customObject.matchField: GET /_organization_schema_summary names no match field for ${co.apiName}`);
  });
  return { fixtures, found, notRead, requiredToFill: required };
}
