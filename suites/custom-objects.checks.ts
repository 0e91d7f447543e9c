import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import { check, endpoint } from '../lib/check/check.js';
import {
  archiveAfter,
  archiveIfCreated,
  changeableAttribute,
  changedString,
  customObject,
  customObjectArchived,
  customObjectPatched,
  customObjectUpserted,
  freshUpsertBody,
  patchAttributes,
  readValue,
  freeTextAttribute,
  upsert,
  upsertRecord,
  withAttribute,
  customObjectPatchedWhole,
} from './steps/custom-object.js';
import { recordOf } from './spec/record.js';
import { setupRecord } from './steps/record.js';
import { show } from '../lib/check/show.js';
import { throughArchivedRecordRead } from './steps/unstated-route.js';
import { matchValue, sampleAttributes } from '../fixtures/builders/custom-object.js';
import type { CheckContext } from '../lib/check/context.js';
import { sameTypedValue } from './steps/same-value.js';

// The custom object, its match field and sample attributes come from fixtures `customObject`.
// Every record a check makes has a match value carrying the run id and is archived afterwards.
// Upsert statuses (create or update) are "not shown": any 2xx. How an upsert decides between
// create and update is "not shown" beyond the request's `match`: a check only relies on a second
// upsert with the same match value reaching the same record.

/** A match value of each JSON type but the string (the field's own, sent by every upsert), unique to the run. */
const MATCH_VALUES: ReadonlyArray<readonly [string, (runId: string, c: CheckContext) => unknown]> = [
  // the run id's digits and six more: a number no record of another run holds
  ['a number', (runId, c) => Number(`${runId.replace(/\D/g, '').slice(-9)}${c.faker.string.numeric(6)}`)],
  ['an object', (runId) => ({ conformance_run: runId })],
  ['an array', (runId) => [runId]],
];

endpoint('POST /{custom_object_api_name}/_upsert', () => {
  check(
    'custom-object.upsert.creates',
    'an upsert with a new match value answers { data: record, meta: { matched_on } } holding what was sent',
    async (c) => {
      const co = customObject(c);
      // the run's upsert of a record the checks only read (sent once), which the next two judge too
      const { ex, body } = await customObjectUpserted(c);
      const e = c.expect(ex).success().body('envelopes/upsert');
      const r = e.data();
      for (const [name, sent] of Object.entries(body.attributes)) {
        if (!sameTypedValue(sent, r.attributes[name]))
          e.fail(`${name} ${show(sent)} as sent`, `${name} ${show(r.attributes[name])}`);
      }
      if (readValue(r, co.matchField) !== body.match?.value)
        e.fail(
          `data.attributes.${co.matchField} ${show(body.match?.value)} (the match value)`,
          `${co.matchField} ${show(r.attributes[co.matchField])}`,
        );
      c.observe('upsert', `an upsert that created a record answered HTTP ${e.response.status}`);
    },
  );

  check(
    'record.custom-object.attributes',
    "an upserted record is a custom-object record with the spec's value types",
    async (c) => {
      const { ex } = await customObjectUpserted(c);
      // the upsert's success is its own check's rule: a failed one blocks this check
      c.setup(ex, 'POST /{custom_object_api_name}/_upsert').record('custom-object');
    },
  );

  check('custom-object.record-type', "an upserted record's record_type is the custom object's api_name", async (c) => {
    const co = customObject(c);
    const { ex } = await customObjectUpserted(c);
    const e = c.setup(ex, 'POST /{custom_object_api_name}/_upsert');
    if (e.data().record_type !== co.apiName)
      e.fail(`record_type ${show(co.apiName)}`, `record_type ${show(e.data().record_type)}`);
  });

  check(
    'custom-object.upsert.updates-match',
    'a second upsert with the same match value updates that record (same id, the change applied)',
    async (c) => {
      const co = customObject(c);
      const name = changeableAttribute(c, co);
      const { record: first, body } = await upsertRecord(c, co);
      const value = changedString(c.faker, c.runId);
      const ex = await upsert(c, co, withAttribute(body, name, value));
      const e = c.expect(ex).success().body('envelopes/upsert');
      const second = e.data();
      if (second.id !== first.id) {
        archiveAfter(c, co, second.id);
        e.fail(`data.id ${first.id} (the record the match value names)`, `data.id ${show(second.id)}: a second record`);
      }
      if (readValue(second, name) !== value)
        e.fail(`${name} ${show(value)}`, `${name} ${show(second.attributes[name])}`);
      c.observe('upsert', `an upsert that matched an existing record answered HTTP ${e.response.status}`);
    },
  );

  check(
    'custom-object.upsert.concurrent',
    'five concurrent upserts with one new match value leave one record',
    async (c) => {
      const co = customObject(c);
      const value = matchValue(c.faker, c.runId);
      // the five bodies differ where the server showed free text, else they are the same samples
      const name = freeTextAttribute(c, co);
      const bodies = Array.from({ length: 5 }, () => {
        const b = freshUpsertBody(c, co, value);
        return name === undefined ? b : withAttribute(b, name, changedString(c.faker, c.runId));
      });
      const answers = await Promise.all(bodies.map((b) => upsert(c, co, b)));
      const ids = new Set<string>();
      for (const ex of answers) {
        const s = ex.response?.status ?? 0;
        const made = s >= 200 && s <= 299 ? recordOf(ex.response?.json) : undefined;
        if (made) ids.add(made.id);
      }
      for (const made of ids) archiveAfter(c, co, made);
      // not one upsert went through: the upsert itself is broken (its own check says so), so this
      // rule cannot be tested
      const failedStep = answers.find((ex) => (ex.response?.status ?? 0) >= 500);
      if (ids.size === 0 && failedStep) c.setup(failedStep, 'POST /{custom_object_api_name}/_upsert');
      for (const ex of answers) {
        const e = c.expect(ex);
        if (e.response.status >= 200 && e.response.status <= 299) e.data();
        else e.rejected(); // a collision may be refused (concurrent_upsert_conflict), with the error body
      }
      const statuses = answers.map((ex) => ex.response?.status ?? 0);
      c.observe('concurrent-upsert', `five concurrent upserts answered ${statuses.join(', ')}`);
      if (ids.size > 1)
        c.expect(answers[0]!).fail(
          'every 2xx answer carrying the same record id',
          `${ids.size} different ids: ${[...ids].join(', ')}`,
        );
      const [seen] = [...ids];
      const after = c.expect(await upsert(c, co, freshUpsertBody(c, co, value))).success();
      const id = after.data().id;
      if (!ids.has(id)) archiveAfter(c, co, id);
      if (seen !== undefined && id !== seen)
        after.fail(
          `data.id ${seen} (the record the concurrent upserts made)`,
          `data.id ${show(id)}: a second record for one match value`,
        );
    },
  );

  check(
    'custom-object.unknown-field',
    'an upsert writing an attribute the custom object does not have is rejected as unknown_field, naming it',
    async (c) => {
      const co = customObject(c);
      const name = `zz_conformance_unknown_${c.faker.string.alphanumeric(6).toLowerCase()}`;
      const body = freshUpsertBody(c, co);
      const ex = await upsert(c, co, { ...body, attributes: { ...body.attributes, [name]: 'x' } });
      archiveIfCreated(c, co, ex);
      const e = c.expect(ex).rejected().code('unknown_field');
      const details = (e.json() as { details?: unknown }).details;
      if (!JSON.stringify(details ?? null).includes(name))
        e.fail(`details naming ${show(name)}`, `details ${show(details)}`);
    },
  );

  check(
    'custom-object.upsert.missing-match-key',
    'an upsert without match is rejected as missing_match_key',
    async (c) => {
      const co = customObject(c);
      const { match: _match, ...body } = freshUpsertBody(c, co);
      const ex = await upsert(c, co, body);
      archiveIfCreated(c, co, ex);
      c.expect(ex).rejected().code('missing_match_key');
    },
  );

  check(
    'custom-object.upsert.missing-match-key',
    'an upsert whose match has no field is rejected as missing_match_key',
    async (c) => {
      const co = customObject(c);
      const body = freshUpsertBody(c, co);
      const ex = await upsert(c, co, { ...body, match: { value: body.match?.value } });
      archiveIfCreated(c, co, ex);
      c.expect(ex).rejected().code('missing_match_key');
    },
  );

  check(
    'custom-object.upsert.missing-match-key',
    'an upsert whose match has no value is rejected as missing_match_key',
    async (c) => {
      const co = customObject(c);
      const body = freshUpsertBody(c, co);
      const ex = await upsert(c, co, { ...body, match: { field: co.matchField } });
      archiveIfCreated(c, co, ex);
      // "match key missing" reads as the match's field; a match without its value also breaks the stated
      // body (`value: <any>`), so the code for a body that fails validation fits it too
      c.expect(ex).rejected().code(['missing_match_key', 'request_validation_failed']);
    },
  );

  // "match: { field: string, value: <any> }": a value of any JSON type is the stated body. Whether a
  // value of a type other than the field's matches or is refused is not shown; it is answered one of
  // the two stated ways. Each value is unique to the run (a match names no record the user holds):
  // true, false and null cannot be, so they are not sent.
  for (const [type, value] of MATCH_VALUES)
    check(
      'custom-object.upsert.match-any-value',
      `an upsert whose match value is ${type} is answered { data, meta: { matched_on } } or refused with the error body`,
      async (c) => {
        const co = customObject(c);
        const attributes = sampleAttributes(co.attributes, c.runId);
        delete attributes[co.matchField];
        const ex = await upsert(c, co, { attributes, match: { field: co.matchField, value: value(c.runId, c) } });
        archiveIfCreated(c, co, ex);
        const e = c.expect(ex);
        if (e.response.status >= 200 && e.response.status <= 299) e.body('envelopes/upsert');
        else e.rejected();
      },
    );

  check(
    'custom-object.upsert.invalid-matching-field',
    'an upsert matching on a field the object does not have is rejected as invalid_matching_field',
    async (c) => {
      const co = customObject(c);
      const body = freshUpsertBody(c, co);
      const field = `zz_conformance_no_such_field_${c.faker.string.alphanumeric(6).toLowerCase()}`;
      const ex = await upsert(c, co, { ...body, match: { field, value: body.match?.value } });
      archiveIfCreated(c, co, ex);
      // both listed codes fit a match field naming no attribute (the rule's `accepts`)
      c.expect(ex).rejected().code(['invalid_matching_field', 'unknown_field']);
    },
  );

  check(
    'custom-object.unknown-type',
    'an upsert on a cus_obj__ api_name that names no custom object is rejected with the error body and the code unknown_record_type',
    async (c) => {
      const co = customObject(c);
      const apiName = `cus_obj__conformance_nonexistent_${c.faker.string.alphanumeric(8).toLowerCase()}`;
      const ex = await c.api.post(`/${apiName}/_upsert`, freshUpsertBody(c, co));
      const made = recordOf(ex.response?.json);
      if (made && (ex.response?.status ?? 0) < 300) c.cleanup(() => c.api.delete(`/${apiName}/${made.id}`));
      c.expect(ex).rejected().code('unknown_record_type');
    },
  );
});

endpoint('PATCH /{custom_object_api_name}/{record_id}', () => {
  check(
    'custom-object.patch.record',
    'a patch answers { data: record } with the change and the other attributes unchanged',
    async (c) => {
      const co = customObject(c);
      const name = changeableAttribute(c, co);
      // the run's patch of the free-text attribute alone (sent once), which the next two judge too
      const { ex, before: created, body } = await customObjectPatched(c);
      const value = body.attributes[name];
      const e = c.expect(ex).success().record('custom-object');
      const r = e.data();
      if (r.id !== created.id) e.fail(`data.id ${created.id}`, `data.id ${show(r.id)}`);
      if (readValue(r, name) !== value) e.fail(`${name} ${show(value)}`, `${name} ${show(r.attributes[name])}`);
      for (const other of [co.matchField, ...Object.keys(co.attributes)]) {
        if (other === name) continue;
        if (!isDeepStrictEqual(r.attributes[other], created.attributes[other]))
          e.fail(`${other} unchanged (${show(created.attributes[other])})`, `${other} ${show(r.attributes[other])}`);
      }
    },
  );

  check(
    'custom-object.patch.record',
    'the change persists: an upsert of the same match value afterwards answers the record holding it',
    async (c) => {
      const co = customObject(c);
      const name = changeableAttribute(c, co);
      // the run's patch (sent once), read back before any other check writes its record
      const { ex, before, body, readBack } = await customObjectPatched(c);
      c.setup(ex, 'PATCH /{custom_object_api_name}/{record_id}');
      const e = c.expect(readBack);
      const again = setupRecord(c, readBack, 'POST /{custom_object_api_name}/_upsert');
      // another record for the match value is the upsert's deviation (one cause, one finding)
      if (again.id !== before.id)
        c.block(
          'POST /{custom_object_api_name}/_upsert',
          `another record (id ${show(again.id)}) for the patched record's match value (judged by custom-object.upsert.updates-match)`,
          readBack,
          'custom-object.upsert.updates-match',
        );
      const value = body.attributes[name];
      if (!sameTypedValue(value, again.attributes[name]))
        e.fail(`${name} ${show(value)}, as patched`, `${name} ${show(again.attributes[name])}`);
    },
  );

  check(
    'custom-object.patch.record',
    'a patch of every sample attribute (selects among them) answers each, and each persists: an upsert of the same match value afterwards holds them',
    async (c) => {
      const found = c.target.preflight?.customObject;
      if (found && 'blockedBy' in found) c.block(found.blockedBy.step, found.blockedBy.answer);
      const whole = await customObjectPatchedWhole(c);
      const status = whole.made.response?.status ?? 0;
      // "A workspace may configure additional required create fields": a record without them is refused
      if (status >= 400 && status <= 499)
        c.notApplicable(
          `the server refused a record made with its match value alone (HTTP ${status}): no record lacked the samples for a patch to write them`,
          [whole.made],
        );
      setupRecord(c, whole.made, 'POST /{custom_object_api_name}/_upsert');
      const { ex, body, readBack } = whole as Required<typeof whole>;
      const e = c.expect(ex).success().record('custom-object');
      const again = setupRecord(c, readBack, 'POST /{custom_object_api_name}/_upsert');
      if (again.id !== whole.record?.id)
        c.block(
          'POST /{custom_object_api_name}/_upsert',
          `another record (id ${show(again.id)}) for the patched record's match value (judged by custom-object.upsert.updates-match)`,
          readBack,
          'custom-object.upsert.updates-match',
        );
      const read = c.expect(readBack);
      for (const [name, value] of Object.entries(body.attributes)) {
        const typed = found && 'valueTypes' in found ? ` (${found.valueTypes[name] ?? 'untyped'})` : '';
        if (!sameTypedValue(value, e.data().attributes[name]))
          e.fail(`${name}${typed} ${show(value)}, as patched`, `${name} ${show(e.data().attributes[name])}`);
        if (!sameTypedValue(value, again.attributes[name]))
          read.fail(
            `${name}${typed} ${show(value)}, as patched, on the upsert after`,
            `${name} ${show(again.attributes[name])}`,
          );
      }
    },
  );

  check(
    'record.custom-object.attributes',
    "a patched record is a custom-object record with the spec's value types",
    async (c) => {
      c.expect((await customObjectPatched(c)).ex)
        .success()
        .record('custom-object');
    },
  );

  check('custom-object.record-type', "a patched record's record_type is the custom object's api_name", async (c) => {
    const co = customObject(c);
    const e = c.expect((await customObjectPatched(c)).ex).success();
    if (e.data().record_type !== co.apiName)
      e.fail(`record_type ${show(co.apiName)}`, `record_type ${show(e.data().record_type)}`);
  });

  check(
    'custom-object.unknown-type',
    'a patch on a cus_obj__ api_name that names no custom object is rejected with the error body and the code unknown_record_type or record_not_found',
    async (c) => {
      const co = customObject(c);
      const attributes = patchAttributes(c, co, 'Unknown');
      const apiName = `cus_obj__conformance_nonexistent_${c.faker.string.alphanumeric(8).toLowerCase()}`;
      // the type and so the record do not exist: both listed codes fit (the rule's `accepts`)
      c.expect(await c.api.patch(`/${apiName}/${randomUUID()}`, { attributes }))
        .rejected()
        .code(['unknown_record_type', 'record_not_found']);
    },
  );
});

endpoint('DELETE /{custom_object_api_name}/{record_id}', () => {
  check(
    'custom-object.delete.archives',
    'DELETE answers 2xx, and the record shows a non-null archived_at where it can be read',
    async (c) => {
      // the run's archive of a record (sent once), whose status http.delete-success-status judges too
      const { co, record, ex } = await customObjectArchived(c);
      const e = c.expect(ex).success();
      c.observe(
        'delete',
        `DELETE /{custom_object_api_name}/{id} answered HTTP ${e.response.status} with ${e.response.text.length === 0 ? 'no body' : 'a body'}`,
      );
      await throughArchivedRecordRead(
        c,
        `/${co.apiName}/${record.id}`,
        'archived_at of an archived custom-object record',
        (r, read) => {
          const at = readValue(r, 'archived_at');
          if (at === null || at === undefined)
            read.fail('archived_at non-null after DELETE', `archived_at ${show(r.attributes['archived_at'])}`);
        },
      );
    },
  );
});
