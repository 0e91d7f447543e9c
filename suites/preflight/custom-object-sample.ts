import { faker } from '@faker-js/faker/locale/en';
import type { Exchange } from '../../lib/http/exchange.js';
import { answerOf } from '../../lib/check/context.js';
import { type ApiRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { erroredFields } from '../spec/errored-fields.js';
import { matchValue, sampleAttributes, upsertBody } from '../../fixtures/builders/custom-object.js';
import { okRecord, type Findings, type FixtureCheck } from './fixture-findings.js';

const UPSERT_STEP = 'POST /{custom_object_api_name}/_upsert';

/**
 * The custom object's samples upserted once, as given, so the checks know which sample attributes the
 * server types as free text. A refusal that names the object, the match field or a sample is the
 * user's mistake; any other failure blocks the checks that need to know, under the upsert step.
 */
export async function customObjectFixture({ api, target, preflight }: FixtureCheck, found: Findings): Promise<void> {
  const co = target.fixtures.customObject;
  if (co?.apiName === undefined || co.matchField === undefined || target.readOnly) return;
  const samples = co.attributes ?? {};
  const ex = await api.post(
    `/${co.apiName}/_upsert`,
    upsertBody({
      matchField: co.matchField,
      matchValue: matchValue(faker, target.runId),
      attributes: sampleAttributes(samples, target.runId),
    }),
  );
  const record = okRecord(ex);
  if (record) {
    preflight.customObject = { valueTypes: valueTypesOf(record, Object.keys(samples)) };
    found.checked.push('customObject');
  } else if (!upsertMistake(ex, co.matchField, samples, found)) {
    preflight.customObject = { blockedBy: { step: UPSERT_STEP, answer: answerOf(ex), fixture: 'customObject' } };
  }
}

/** Files the fixtures mistake a refused upsert shows, if it shows one; false when it shows none. */
function upsertMistake(ex: Exchange, matchField: string, samples: Record<string, unknown>, found: Findings): boolean {
  const s = ex.response?.status;
  const fields = erroredFields(ex.response?.json);
  const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
  const refused = s !== undefined && s >= 400 && s <= 499;
  const sample = fields.find((n) => n in samples);
  if (s === 404) {
    found.missing(
      'customObject.apiName',
      ex,
      'name a custom object of the workspace (GET /_organization_schema_summary lists them)',
    );
  } else if (refused && (code === 'invalid_matching_field' || fields.includes(matchField))) {
    found.missing(
      'customObject.matchField',
      ex,
      `name an attribute the custom object matches upserts on (${show(matchField)} was refused)`,
    );
  } else if (refused && sample !== undefined) {
    found.missing(
      `customObject.attributes.${sample}`,
      ex,
      `the sample ${show(samples[sample])} was refused; give a value the workspace accepts (the suite sends samples exactly as given)`,
    );
  } else if (refused && code === 'field_required_missing' && fields.length > 0) {
    found.missing(
      'customObject.attributes',
      ex,
      `the custom object requires ${fields.join(', ')}; add a sample value for it`,
    );
  } else return false;
  return true;
}

function valueTypesOf(record: ApiRecord, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const a = record.attributes[name];
    const first = Array.isArray(a) ? a[0] : a;
    if (first && typeof first.value_type === 'string') out[name] = first.value_type;
  }
  return out;
}
