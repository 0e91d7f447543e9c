import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { enveloped } from '../../fixtures/builders/contact.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { uniqueEmail } from '../../fixtures/builders/unique.js';
import { answeredRecord, valueOf, type ApiRecord } from '../spec/record.js';
import { contactStage, createContact } from './contact.js';

/** The stated forms of a stage on a write ("A string is taken as a stage api_name or display name", the envelopes). */
export type StageForm = 'api_name' | 'display name' | 'enveloped api_name' | 'enveloped id';

export const STAGE_FORMS: readonly StageForm[] = ['api_name', 'display name', 'enveloped api_name', 'enveloped id'];

/** An option as the answers showed it: the pieces each form needs. */
interface Option {
  api_name: string;
  display_name?: string;
  id?: string;
}

/** One stage patch: the form, the option it named, what was sent, the answer. */
export interface StagePatch {
  form: StageForm;
  target: Option;
  ex: Exchange;
}

/** The run's contact patched in every field, then in its stage in each form, and read back. */
export interface ContactPatchedAll {
  created: ApiRecord;
  /** the patch of every create field the spec names but stage, all at once */
  fields: { ex: Exchange; sent: Record<string, string> };
  stages: StagePatch[];
  /** GET /contact/{id} after every patch */
  read: Exchange;
}

function optionOf(r: ApiRecord | undefined): Option | undefined {
  const v = r === undefined ? undefined : (valueOf(r, 'stage') as Record<string, unknown> | undefined);
  if (typeof v?.['api_name'] !== 'string') return undefined;
  return {
    api_name: v['api_name'],
    ...(typeof v['display_name'] === 'string' ? { display_name: v['display_name'] } : {}),
    ...(typeof v['id'] === 'string' ? { id: v['id'] } : {}),
  };
}

/** The value of `stage` in `form` for `o`, or undefined when the answers have not shown the piece it needs. */
function stageIn(form: StageForm, o: Option): unknown {
  if (form === 'api_name') return o.api_name;
  if (form === 'display name') return o.display_name;
  if (form === 'enveloped api_name') return enveloped('select', { api_name: o.api_name });
  return o.id === undefined ? undefined : enveloped('select', { id: o.id });
}

/** The fields every contact create names (first_name, last_name, middle_name, title, primary_email), new values. */
function everyField(c: CheckContext): Record<string, string> {
  return {
    first_name: `${c.faker.person.firstName()}${c.faker.string.alpha(4)}`,
    last_name: tagged(`${c.faker.person.lastName()}${c.faker.string.alpha(4)}`, c.runId),
    middle_name: `${c.faker.person.middleName()}${c.faker.string.alpha(3)}`,
    title: `Patched ${c.faker.string.alphanumeric(8)}`,
    primary_email: uniqueEmail(c.faker, c.runId),
  };
}

/**
 * The stage patches, one per form, each moving the contact to the option it is not at (the fixtures'
 * `contact.stage` and `contact.otherStage`) where the answers have shown the piece that form needs, else
 * to the option it is at. A refused patch leaves the contact where it was.
 */
async function stagePatches(c: CheckContext, id: string, created: ApiRecord): Promise<StagePatch[]> {
  const known = new Map<string, Option>();
  const first = optionOf(created) ?? { api_name: contactStage(c) };
  const display = c.fixtures.contact?.stageDisplayName;
  known.set(first.api_name, { ...(display ? { display_name: display } : {}), ...first });
  const other = c.fixtures.contact?.otherStage;
  if (other !== undefined && other !== first.api_name) known.set(other, { api_name: other });
  let at = first.api_name;
  const out: StagePatch[] = [];
  for (const form of STAGE_FORMS) {
    const away = [...known.values()].find((o) => o.api_name !== at && stageIn(form, o) !== undefined);
    const target = away ?? known.get(at)!;
    const value = stageIn(form, target);
    if (value === undefined) continue;
    const ex = await c.api.patch(`/contact/${id}`, { attributes: { stage: value } });
    const now = optionOf(answeredRecord(ex));
    if (now !== undefined) {
      known.set(now.api_name, { ...known.get(now.api_name), ...now });
      at = now.api_name;
    }
    out.push({ form, target, ex });
  }
  return out;
}

/**
 * A contact of the run patched in every field a contact create names ("all standard fields optional"),
 * all in one patch, then in its stage once in each stated form, then read: sent once per run (a
 * run-scoped set-up) and judged by the patch's persistence check and by each form's check.
 */
export function contactPatchedAll(c: CheckContext): Promise<ContactPatchedAll> {
  return c.shared('contacts: a contact patched in every field, then in its stage in each form', async (s) => {
    const created = await createContact(s);
    const sent = everyField(s);
    const fields = { ex: await s.api.patch(`/contact/${created.id}`, { attributes: sent }), sent };
    const stages = await stagePatches(s, created.id, created);
    return { created, fields, stages, read: await s.api.get(`/contact/${created.id}`) };
  });
}
