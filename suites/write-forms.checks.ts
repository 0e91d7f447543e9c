import { check, group } from '../lib/check/check.js';
import { requiredOnCreate } from './steps/required-on-create.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import {
  contactForProbes,
  createContact,
  contactStage,
  readContact,
  requiredCreateAttributes,
} from './steps/contact.js';
import {
  archiveIfCreated,
  changeableAttribute,
  type CustomObjectFixture,
  customObject,
  customObjectUpserted,
  recordToPatch,
  envelopedAttribute,
  freshUpsertBody,
  patchAttributes,
  upsert,
} from './steps/custom-object.js';
import { sameTypedValue } from './steps/same-value.js';
import { opportunityStage, opportunityAccount } from './steps/opportunity.js';
import { answeredRecord, valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { takeTask } from './steps/task.js';
import { accountCreateBody, accountName } from '../fixtures/builders/account.js';
import { contactCreateBody, enveloped } from '../fixtures/builders/contact.js';
import { opportunityCreateBody, selectEnvelope } from '../fixtures/builders/opportunity.js';
import { tagged } from '../fixtures/builders/tag.js';
import type { ApiRecord } from './spec/record.js';
import { answerOf } from '../lib/check/context.js';
import { flagOf } from './steps/schema-flags.js';
import { setupRecord } from './steps/record.js';
import { readOnce } from './steps/read-once.js';
import { OPERATIONS, type StatedEndpoint } from './spec/operations.js';
import { bodyTargets, bodyWith, unknownAttributeName } from './sweeps/request-bodies.js';
import { STATED_ATTRIBUTES, type AttributeWrite, type WriteForm } from './spec/write-attributes.js';
import { contactPatched } from './steps/contact.js';
import { opportunityAccountCreated, opportunityCreated } from './steps/opportunity.js';
import { customObjectPatched } from './steps/custom-object.js';
import { envelopedStatedTexts } from './steps/stated-fields.js';

/** How a discovery body may flag an attribute that takes null (its shape is not shown). */
const NULLABLE_FLAGS = ['is_nullable', 'nullable'] as const;

// "Request bodies are { attributes: {...} } with no other top-level keys, except upsert (attributes
// plus match)." and "Each attribute may be written in either form": the raw value, or the
// enveloped { value_type, value } that reads emit. Contact attributes have their own checks in
// contacts.checks.ts; these cover the other write operations and the value types they show.

/** An extra top-level key no spec version names: a body carrying it is not the stated form. */
const EXTRA = { zz_conformance_extra: { note: 'not a stated top-level key' } };

interface TopLevelCase {
  endpoint: string;
  send: (c: CheckContext) => Promise<Exchange>;
  /** what the check can re-read to see that nothing changed */
  unchanged?: (c: CheckContext, ex: Exchange) => Promise<void>;
}

const TOP_LEVEL: readonly TopLevelCase[] = [
  {
    endpoint: 'POST /contact',
    send: (c) =>
      c.api.post('/contact', {
        ...contactCreateBody(c.faker, {
          stage: contactStage(c),
          runId: c.runId,
          required: requiredCreateAttributes(c),
        }),
        ...EXTRA,
      }),
  },
  {
    endpoint: 'PATCH /contact/{contact_id}',
    // the run's contact for probes: only the title this patch sent is looked for afterwards
    send: async (c) => {
      const contact = await contactForProbes(c);
      const title = tagged(`Changed ${c.faker.string.alphanumeric(8)}`, c.runId);
      const ex = await c.api.patch(`/contact/${contact.id}`, { attributes: { title }, ...EXTRA });
      const after = valueOf(await readContact(c, contact.id), 'title');
      if (after === title)
        c.expect(ex).fail(`title not the one the refused patch sent (${show(title)})`, `title ${show(after)}`);
      return ex;
    },
  },
  {
    endpoint: 'POST /account',
    send: (c) =>
      c.api.post('/account', {
        ...accountCreateBody(c.faker, { runId: c.runId, required: requiredOnCreate(c, 'account') }),
        ...EXTRA,
      }),
  },
  {
    endpoint: 'POST /opportunity',
    send: async (c) => {
      const account = await opportunityAccount(c);
      return c.api.post('/opportunity', {
        ...opportunityCreateBody(c.faker, {
          runId: c.runId,
          stage: opportunityStage(c),
          accountId: account.id,
          required: requiredOnCreate(c, 'opportunity'),
        }),
        ...EXTRA,
      });
    },
  },
  {
    endpoint: 'PATCH /task/{task_id}',
    send: async (c) =>
      c.api.patch(`/task/${await takeTask(c)}`, { attributes: { disposition: tagged('Refused', c.runId) }, ...EXTRA }),
  },
  {
    endpoint: 'POST /{custom_object_api_name}/_upsert',
    send: async (c) => {
      const co = customObject(c);
      const ex = await c.api.post(`/${co.apiName}/_upsert`, { ...freshUpsertBody(c, co), ...EXTRA });
      archiveIfCreated(c, co, ex);
      return ex;
    },
  },
  {
    endpoint: 'PATCH /{custom_object_api_name}/{record_id}',
    send: async (c) => {
      const co = customObject(c);
      // attributes the fixtures name as writable, so the extra top-level key is the only thing wrong;
      // the run's record its patches go to (only this answer is judged)
      const attributes = patchAttributes(c, co, 'Refused');
      const record = await recordToPatch(c);
      return c.api.patch(`/${co.apiName}/${record.id}`, { attributes, ...EXTRA });
    },
  },
];

group('Write forms › only attributes (and match on upsert) at the top level', () => {
  for (const t of TOP_LEVEL) {
    check(
      'write.attributes-only',
      `${t.endpoint} with another top-level key is rejected with the error body`,
      async (c) => {
        const ex = await t.send(c);
        const e = c.expect(ex);
        // a create that was wrongly accepted is archived where the API allows it
        if (t.endpoint === 'POST /account' && e.response.status < 300) {
          const id = (e.response.json as { data?: { id?: unknown } } | undefined)?.data?.id;
          if (typeof id === 'string') c.cleanup(() => c.api.delete(`/account/${id}`));
        }
        e.rejected();
      },
      { endpoint: t.endpoint },
    );
  }
});

// "Request bodies are `{ attributes: {...} }`": attributes is an object. A fixed input on every run
// (generated.mutation-refused draws more): an array, the form a client most easily sends by mistake.
group('Write forms › attributes is an object', () => {
  check(
    'write.attributes-object',
    'POST /contact with attributes as an array ([]) is refused with the error body and makes no contact',
    async (c) => {
      c.expect(await c.api.post('/contact', { attributes: [] })).rejected();
    },
    { endpoint: 'POST /contact' },
  );

  check(
    'write.attributes-object',
    'PATCH /contact/{contact_id} with attributes as an array ([]) is refused with the error body',
    async (c) => {
      const contact = await contactForProbes(c);
      c.expect(await c.api.patch(`/contact/${contact.id}`, { attributes: [] })).rejected();
    },
    { endpoint: 'PATCH /contact/{contact_id}' },
  );
});

group('Write forms › raw and enveloped values on the other write operations', () => {
  check(
    'write.enveloped-value',
    'POST /account takes display_name as { value_type: string, value }',
    async (c) => {
      const name = accountName(c.faker, c.runId);
      const ex = await c.api.post('/account', {
        attributes: { ...requiredOnCreate(c, 'account'), display_name: enveloped('string', name) },
      });
      const e = c.expect(ex).success();
      const r = e.data();
      c.cleanup(() => c.api.delete(`/account/${r.id}`));
      if (valueOf(r, 'display_name') !== name)
        e.fail(`display_name ${show(name)}`, `display_name ${show(r.attributes['display_name'])}`);
    },
    { endpoint: 'POST /account' },
  );

  check(
    'write.enveloped-value',
    'POST /opportunity takes display_name and account_id enveloped as reads emit them',
    async (c) => {
      const account = await opportunityAccount(c);
      const name = tagged(`Enveloped ${c.faker.string.alphanumeric(6)}`, c.runId);
      const body = opportunityCreateBody(c.faker, {
        runId: c.runId,
        stage: opportunityStage(c),
        accountId: account.id,
        required: requiredOnCreate(c, 'opportunity'),
        attributes: {
          display_name: enveloped('string', name),
          account_id: enveloped('record_reference', { related_record_id: account.id, related_record_type: 'account' }),
        },
      });
      const e = c.expect(await c.api.post('/opportunity', body)).success();
      const ref = valueOf(e.data(), 'account_id') as { related_record_id?: unknown } | undefined;
      if (ref?.related_record_id !== account.id)
        e.fail(`account_id.related_record_id ${account.id}`, `account_id ${show(ref)}`);
      const got = valueOf(e.data(), 'display_name');
      if (got !== name) e.fail(`display_name ${show(name)}`, `display_name ${show(got)}`);
    },
    { endpoint: 'POST /opportunity' },
  );

  check(
    'write.raw-value',
    'PATCH /task takes disposition as a plain string',
    async (c) => {
      const disposition = tagged(`Raw ${c.faker.word.words(2)}`, c.runId);
      const e = c.expect(await c.api.patch(`/task/${await takeTask(c)}`, { attributes: { disposition } })).success();
      const got = valueOf(e.data(), 'disposition');
      if (got !== disposition) e.fail(`disposition ${show(disposition)}`, `disposition ${show(got)}`);
    },
    { endpoint: 'PATCH /task/{task_id}' },
  );

  check(
    'write.enveloped-value',
    'PATCH /task takes status and disposition enveloped',
    async (c) => {
      const disposition = tagged(`Enveloped ${c.faker.word.words(2)}`, c.runId);
      const body = {
        attributes: { status: enveloped('enum', 'COMPLETED'), disposition: enveloped('string', disposition) },
      };
      const e = c.expect(await c.api.patch(`/task/${await takeTask(c)}`, body)).success();
      const r = e.data();
      if (valueOf(r, 'status') !== 'COMPLETED') e.fail('status "COMPLETED"', `status ${show(r.attributes['status'])}`);
      if (valueOf(r, 'disposition') !== disposition)
        e.fail(`disposition ${show(disposition)}`, `disposition ${show(r.attributes['disposition'])}`);
    },
    { endpoint: 'PATCH /task/{task_id}' },
  );

  check(
    'write.enveloped-value',
    'PATCH /{custom_object_api_name}/{record_id} takes an attribute enveloped with the value_type the server shows for it',
    async (c) => {
      const co = customObject(c);
      // a free-text attribute with a value of the suite's own, else a sample (a number, a boolean) as given
      const { name, value, valueType } = envelopedAttribute(c, co, 'Enveloped');
      // the run's record its patches go to: only this patch's answer is judged
      const record = await recordToPatch(c);
      const e = c
        .expect(
          await c.api.patch(`/${co.apiName}/${record.id}`, { attributes: { [name]: enveloped(valueType, value) } }),
        )
        .success();
      const got = e.data().attributes[name];
      if (!sameTypedValue(value, got)) e.fail(`${name} ${show(value)}`, `${name} ${show(got)}`);
    },
    { endpoint: 'PATCH /{custom_object_api_name}/{record_id}' },
  );
});

// "Stage and other select values": a string is taken as an api_name or display name; an enveloped
// select names the option by api_name or by id. Contact and opportunity stages have their checks in
// their own files; these are the account stage and a custom object's select. Account create
// attributes beyond display_name are not shown, so an account create may refuse stage (observed);
// one that takes it must resolve it.

/** The api_name and display_name of a select-like value read back. */
function optionOf(
  r: ApiRecord,
  name: string,
): { api_name?: unknown; display_name?: unknown; id?: unknown } | undefined {
  const v = valueOf(r, name);
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as { api_name?: unknown; display_name?: unknown; id?: unknown })
    : undefined;
}

/** An account create with `stage` in one form: the record where taken, the answer either way. */
interface StageForm {
  ex: Exchange;
  record?: ApiRecord | undefined;
}

/**
 * The account creates with the fixture's stage in each stated form, sent once per run (a run-scoped
 * set-up) and judged by each form's check: whether an account takes a stage at all is not shown
 * (account create shows display_name only), but once one stated form is taken, the others must be.
 */
function accountStageForms(c: CheckContext): Promise<Record<'string' | 'enveloped', StageForm>> {
  const stage = c.need(c.fixtures.account?.stage, 'account.stage');
  return c.shared('write forms: account creates with stage in each form', async (s) => {
    const send = async (value: unknown): Promise<StageForm> => {
      const ex = await s.api.post('/account', {
        attributes: {
          ...accountCreateBody(s.faker, { runId: s.runId, required: requiredOnCreate(s, 'account') }).attributes,
          stage: value,
        },
      });
      return { ex, ...(ex.response && ex.response.status < 300 ? { record: answeredRecord(ex) } : {}) };
    };
    return { string: await send(stage), enveloped: await send(selectEnvelope({ api_name: stage })) };
  });
}

/**
 * Judges one form's answer: refused with the error body is legal while the server takes stage in no
 * other form (observed); refused after another stated form was taken, the form is not taken as stated.
 */
function judgeStageForm(
  c: CheckContext,
  forms: Record<'string' | 'enveloped', StageForm>,
  own: 'string' | 'enveloped',
): { e: ReturnType<CheckContext['expect']>; r?: ApiRecord } {
  const other = forms[own === 'string' ? 'enveloped' : 'string'];
  const e = c.expect(forms[own].ex);
  if (e.response.status >= 400 && e.response.status <= 499) {
    e.rejected();
    const stage = other.record === undefined ? undefined : optionOf(other.record, 'stage');
    if (stage !== undefined)
      e.fail(
        `stage taken in this form too: the server took it ${own === 'string' ? 'enveloped' : 'as a string'} (stage ${show(stage.api_name)})`,
        `HTTP ${e.response.status}`,
      );
    c.observe(
      'account-stage',
      `POST /account with stage ${own === 'string' ? 'as a string' : 'enveloped'} was refused: HTTP ${e.response.status} (account create attributes beyond display_name are not shown)`,
    );
    return { e };
  }
  return { e, r: e.success().data() };
}

group('Write forms › account stage and custom-object selects', () => {
  check(
    'write.stage-by-name',
    'POST /account with stage as a plain string api_name, when taken (or taken in another form), resolves to that option',
    async (c) => {
      const stage = c.need(c.fixtures.account?.stage, 'account.stage');
      const { e, r } = judgeStageForm(c, await accountStageForms(c), 'string');
      if (!r) return;
      const got = optionOf(r, 'stage');
      if (got?.api_name !== stage && got?.display_name !== stage)
        e.fail(`stage resolved to the option ${show(stage)}`, `stage ${show(r.attributes['stage'])}`);
    },
    { endpoint: 'POST /account' },
  );

  check(
    'write.stage-enveloped',
    'POST /account with stage as { value_type: select, value: { api_name } }, when taken (or taken in another form), resolves to that option',
    async (c) => {
      const stage = c.need(c.fixtures.account?.stage, 'account.stage');
      const { e, r } = judgeStageForm(c, await accountStageForms(c), 'enveloped');
      if (!r) return;
      const got = optionOf(r, 'stage');
      if (got?.api_name !== stage) e.fail(`stage.api_name ${show(stage)}`, `stage ${show(r.attributes['stage'])}`);
    },
    { endpoint: 'POST /account' },
  );

  /** A sample the server typed select, as given in the fixtures (a string: an api_name or display name). */
  const selectSample = (c: CheckContext) => {
    const co = customObject(c);
    const found = c.target.preflight?.customObject;
    if (found && 'blockedBy' in found) c.block(found.blockedBy.step, found.blockedBy.answer);
    if (!found) c.skip(`--read-only: this check writes (POST /{custom_object_api_name}/_upsert)`);
    const name = Object.keys(co.attributes).find(
      (k) => k !== co.matchField && found.valueTypes[k] === 'select' && typeof co.attributes[k] === 'string',
    );
    if (name === undefined)
      c.skip('fixtures: `customObject.attributes` holds no select sample given as a string; add one to run this check');
    return { co, name, sent: co.attributes[name] as string };
  };

  check(
    'write.stage-by-name',
    "an upsert with the custom object's select sample as a string resolves it to that option",
    async (c) => {
      const { name, sent } = selectSample(c);
      // the run's upsert of the samples as given (sent once)
      const { ex } = await customObjectUpserted(c);
      const record = setupRecord(c, ex, 'POST /{custom_object_api_name}/_upsert');
      const got = optionOf(record, name);
      if (got?.api_name !== sent && got?.display_name !== sent)
        c.expect(ex).fail(`${name} resolved to the option ${show(sent)}`, `${name} ${show(record.attributes[name])}`);
    },
    { endpoint: 'POST /{custom_object_api_name}/_upsert' },
  );

  for (const by of ['api_name', 'id'] as const) {
    check(
      'write.stage-enveloped',
      `an upsert with the custom object's select as { value_type: select, value: { ${by} } } resolves to that option`,
      async (c) => {
        const { co, name } = selectSample(c);
        // the option as the server itself shows it, on the run's upsert of the samples (sent once)
        const { ex: samples } = await customObjectUpserted(c);
        const option = optionOf(setupRecord(c, samples, 'POST /{custom_object_api_name}/_upsert'), name);
        const ref = option?.[by];
        if (typeof ref !== 'string')
          c.block('POST /{custom_object_api_name}/_upsert', `${name} without a ${by} (see value.shape)`, samples);
        const body = freshUpsertBody(c, co);
        // the upsert under test: a refusal of the enveloped select is this rule's deviation, not a set-up's
        const ex = await upsert(c, co, {
          ...body,
          attributes: { ...body.attributes, [name]: selectEnvelope({ [by]: ref }) },
        });
        archiveIfCreated(c, co, ex);
        const e = c.expect(ex).success();
        const record = e.data();
        const got = optionOf(record, name);
        if (got?.[by] !== ref) e.fail(`${name}.${by} ${show(ref)}`, `${name} ${show(record.attributes[name])}`);
      },
      { endpoint: 'POST /{custom_object_api_name}/_upsert' },
    );
  }
});

// "null may be sent where the schema allows it": a null the server takes clears the attribute; one
// the workspace's schema does not allow is refused with the error body. (title has its check in
// contacts.checks.ts.)
group('Write forms › null beyond title', () => {
  // "where the schema allows it": where GET /_schema/contact (read once per run, with the discovery
  // checks) flags a stated contact field nullable, a null for it must be taken. The probe goes to the
  // run's contact for refused and hostile patches, whose title and middle_name no other probe writes.
  check(
    'write.null',
    'PATCH /contact with null for a field GET /_schema/contact reports nullable (title, middle_name) is taken, and clears it',
    async (c) => {
      const { ex: schema } = await readOnce(c, 'discovery: GET /_schema/contact', '/_schema/contact');
      const status = schema.response?.status ?? 0;
      if (status < 200 || status > 299 || schema.response?.json === undefined)
        c.block('GET /_schema/contact', answerOf(schema), schema, 'discovery.schema-contact');
      const name = ['title', 'middle_name'].find(
        (n) => (flagOf(schema.response?.json, n, NULLABLE_FLAGS) as { flag?: unknown }).flag === true,
      );
      if (name === undefined) {
        c.observe(
          'nullable',
          `GET /_schema/contact flags neither title nor middle_name nullable (${NULLABLE_FLAGS.join(', ')}): the null patches of the checks below judge a refusal as the schema's choice`,
        );
        return;
      }
      const contact = await contactForProbes(c);
      const e = c.expect(await c.api.patch(`/contact/${contact.id}`, { attributes: { [name]: null } }));
      if (e.response.status >= 400)
        e.fail(`the null taken: GET /_schema/contact reports ${name} nullable`, `HTTP ${e.response.status}`);
      const v = valueOf(e.success().data(), name);
      if (v !== null && v !== undefined)
        e.fail(`${name} null or absent after patching it to null`, `${name} ${show(v)}`);
    },
    { endpoint: 'PATCH /contact/{contact_id}' },
  );

  check(
    'write.null',
    'PATCH /contact with middle_name null, when taken, clears it',
    async (c) => {
      const created = await createContact(c, { middle_name: tagged('Middle', c.runId) });
      const e = c.expect(await c.api.patch(`/contact/${created.id}`, { attributes: { middle_name: null } }));
      if (e.response.status >= 400) {
        e.rejected();
        return;
      }
      e.success();
      const v = valueOf(await readContact(c, created.id), 'middle_name');
      if (v !== null && v !== undefined)
        e.fail('middle_name null or absent after patching it to null', `middle_name ${show(v)}`);
    },
    { endpoint: 'PATCH /contact/{contact_id}' },
  );

  check(
    'write.null',
    'PATCH /{custom_object_api_name}/{record_id} with a free-text attribute null, when taken, clears it',
    async (c) => {
      const co = customObject(c);
      const name = nullableAttribute(c, co);
      // the run's record its patches go to: only this patch's answer is judged
      const record = await recordToPatch(c);
      const e = c.expect(await c.api.patch(`/${co.apiName}/${record.id}`, { attributes: { [name]: null } }));
      if (e.response.status >= 400) {
        e.rejected();
        return;
      }
      const v = valueOf(e.success().data(), name);
      if (v !== null && v !== undefined)
        e.fail(`${name} null or absent after patching it to null`, `${name} ${show(v)}`);
    },
    { endpoint: 'PATCH /{custom_object_api_name}/{record_id}' },
  );
});

// the other writes the table gives attributes (suites/spec/write-attributes.ts): whether their schema
// allows null is not shown, so a refusal with the error body is the schema's choice; a null taken clears
group('Write forms › null on the task patch and the upsert', () => {
  check(
    'write.null',
    'PATCH /task/{task_id} with disposition null, when taken, clears it',
    async (c) => {
      const e = c.expect(await c.api.patch(`/task/${await takeTask(c)}`, { attributes: { disposition: null } }));
      expectNullTaken(e, 'disposition');
    },
    { endpoint: 'PATCH /task/{task_id}' },
  );

  check(
    'write.null',
    'POST /{custom_object_api_name}/_upsert with a free-text attribute null, when taken, makes the record without it',
    async (c) => {
      const co = customObject(c);
      const name = nullableAttribute(c, co);
      const body = freshUpsertBody(c, co);
      const ex = await upsert(c, co, { ...body, attributes: { ...body.attributes, [name]: null } });
      archiveIfCreated(c, co, ex);
      expectNullTaken(c.expect(ex), name);
    },
    { endpoint: 'POST /{custom_object_api_name}/_upsert' },
  );
});

/**
 * The free-text attribute a null is written to: never display_name, which every custom-object record
 * has ("Envelope plus attributes: id, created_at, updated_at, display_name"), so a server may derive it
 * where a write sends null; skipped naming the fixture key when the samples hold no other.
 */
function nullableAttribute(c: CheckContext, co: CustomObjectFixture): string {
  const name = changeableAttribute(c, co);
  if (name === 'display_name')
    c.skip(
      'fixtures: `customObject.attributes` holds no free-text attribute (value_type string or long_text) but display_name, which every record has and a server may derive; add one to run this check',
    );
  return name;
}

/** A write of null: refused with the error body, or taken with the attribute null or absent in the answer. */
function expectNullTaken(e: ReturnType<CheckContext['expect']>, name: string): void {
  if (e.response.status >= 400) {
    e.rejected();
    return;
  }
  const v = valueOf(e.success().data(), name);
  if (v !== null && v !== undefined) e.fail(`${name} null or absent after writing it null`, `${name} ${show(v)}`);
}

/**
 * A valid create of each create whose body carries attributes, for the unknown attribute: with it the
 * name no workspace has is the only thing wrong with the create. An added create without one stops
 * the suite from loading (suites/sweeps/request-bodies.ts).
 */
const VALID_CREATES: Partial<Record<StatedEndpoint, (c: CheckContext) => Promise<unknown>>> = {
  'POST /account': async (c) =>
    accountCreateBody(c.faker, { runId: c.runId, required: requiredOnCreate(c, 'account') }),
  'POST /opportunity': async (c) =>
    opportunityCreateBody(c.faker, {
      runId: c.runId,
      stage: opportunityStage(c),
      accountId: (await opportunityAccount(c)).id,
      required: requiredOnCreate(c, 'opportunity'),
    }),
};

// every write whose body carries attributes, from the operation table (contacts and the upsert have
// checks of their own): a create valid but for the name, a patch of nothing but it
group('Write forms › an unknown attribute on every write', () => {
  for (const t of bodyTargets(OPERATIONS, 'unknown attribute', VALID_CREATES)) {
    check(
      'write.unknown-field',
      `${t.endpoint} with an attribute no workspace has is rejected as unknown_field, naming it`,
      async (c) => {
        const name = unknownAttributeName(c);
        const body = bodyWith(t, await t.base(c), { [name]: 'x' });
        const e = c
          .expect(await c.api.send(t.method, await t.path(c), { json: body }))
          .rejected()
          .code('unknown_field');
        const details = (e.json() as { details?: unknown }).details;
        if (!JSON.stringify(details ?? null).includes(name))
          e.fail(`details naming ${show(name)}`, `details ${show(details)}`);
      },
      { endpoint: t.endpoint },
    );
  }
});

// "Each attribute may be written in either form": every write whose body carries attributes, in each
// form, from the table of the attributes the spec states on it (suites/spec/write-attributes.ts). A
// cell is sent here, or judged by the check of another file named by its title (a test holds that the
// check exists); where the run already sends the write (a shared set-up), its answer is judged again
// rather than sent again. What persistence the spec states is read back through the stated route.

/** A write in one form: the answer, the attributes sent, and the stated read that shows it again. */
interface FormWrite {
  ex: Exchange;
  attributes: Record<string, unknown>;
  /** a write the run shares with other checks: a refusal blocks the cell (it is the set-up's step) */
  shared?: true;
  /** the record read again, and an attribute the same write sent raw, read again before the form is */
  readBack?: { ex: Exchange; control: string };
}

type FormCell = { send: (c: CheckContext) => Promise<FormWrite> } | { judgedBy: string };

/** Value types whose raw value is the enveloped `value` and reads back as written. */
const PLAIN = new Set(['string', 'long_text', 'rich_text', 'number', 'boolean', 'url', 'email', 'phone_number']);

/** The names of a write's attributes the cell judges: the stated ones, or the workspace's plain-typed samples. */
function judgedNames(c: CheckContext, endpoint: AttributeWrite, attributes: Record<string, unknown>): string[] {
  const stated = STATED_ATTRIBUTES[endpoint];
  if (stated !== 'workspace') return Object.keys(stated).filter((n) => n in attributes);
  const found = c.target.preflight?.customObject;
  const types = found && !('blockedBy' in found) ? found.valueTypes : {};
  return Object.keys(attributes).filter((n) => PLAIN.has(types[n] ?? ''));
}

/** Whether a value read back holds the one written; a raw uuid of a record_reference is its related_record_id. */
function holdsSent(sent: unknown, read: ApiRecord['attributes'][string]): boolean {
  if (typeof sent === 'string' && read && !Array.isArray(read) && read.value_type === 'record_reference')
    return (read.value as { related_record_id?: unknown } | null)?.related_record_id === sent;
  return sameTypedValue(sent, read);
}

const FORM_CELLS: Record<AttributeWrite, Record<WriteForm, FormCell>> = {
  'POST /contact': {
    raw: { judgedBy: 'string attributes written raw (middle_name among them) read back as written' },
    enveloped: { judgedBy: 'attributes written as { value_type, value } read back as written' },
  },
  'PATCH /contact/{contact_id}': {
    // the run's title patch of the contact for probes (sent once): its answer (other probes patch that contact)
    raw: { send: async (c) => sentWrite(await contactPatched(c)) },
    // a contact of its own, every stated field enveloped, and the contact read again (GET is stated)
    enveloped: {
      send: async (c) => {
        const contact = await createContact(c);
        const { title, ...attributes } = envelopedStatedTexts(c, 'PATCH /contact/{contact_id}');
        // title raw beside them: where it is not stored either, the patch is lost whatever its form
        // (contact.patch.partial's finding), and the read again says nothing of the enveloped form
        const control = { title: title?.value ?? tagged('Control', c.runId) };
        const ex = await c.api.patch(`/contact/${contact.id}`, { attributes: { ...attributes, ...control } });
        const readBack = { ex: await c.api.get(`/contact/${contact.id}`), control: 'title' };
        return { ex, attributes: { ...attributes, ...control }, readBack };
      },
    },
  },
  'POST /account': {
    // the run's account create the opportunities are made on (sent once)
    raw: { send: async (c) => sentWrite(await opportunityAccountCreated(c)) },
    enveloped: { judgedBy: 'POST /account takes display_name as { value_type: string, value }' },
  },
  'POST /opportunity': {
    // the run's opportunity the checks only read (sent once)
    raw: { send: async (c) => sentWrite(await opportunityCreated(c)) },
    enveloped: { judgedBy: 'POST /opportunity takes display_name and account_id enveloped as reads emit them' },
  },
  'PATCH /task/{task_id}': {
    raw: { judgedBy: 'PATCH /task takes disposition as a plain string' },
    enveloped: { judgedBy: 'PATCH /task takes status and disposition enveloped' },
  },
  'POST /{custom_object_api_name}/_upsert': {
    // the run's upsert of the samples as given (sent once)
    raw: { send: async (c) => sentWrite(await customObjectUpserted(c)) },
    enveloped: {
      send: async (c) => {
        const co = customObject(c);
        const { name, value, valueType } = envelopedAttribute(c, co, 'Enveloped');
        const body = freshUpsertBody(c, co);
        const attributes = { ...body.attributes, [name]: enveloped(valueType, value) };
        const ex = await upsert(c, co, { ...body, attributes });
        archiveIfCreated(c, co, ex);
        return { ex, attributes: { [name]: attributes[name] } };
      },
    },
  },
  'PATCH /{custom_object_api_name}/{record_id}': {
    // the run's patch of a record of its own (its read again is custom-object.patch.record's)
    raw: { send: async (c) => sentWrite(await customObjectPatched(c)) },
    enveloped: {
      judgedBy:
        'PATCH /{custom_object_api_name}/{record_id} takes an attribute enveloped with the value_type the server shows for it',
    },
  },
};

function sentWrite(s: { ex: Exchange; body: { attributes: Record<string, unknown> } }): FormWrite {
  return { ex: s.ex, attributes: s.body.attributes, shared: true };
}

/** Judges one write in one form: taken, and each judged attribute read back as sent (and read again). */
function judgeFormWrite(c: CheckContext, endpoint: AttributeWrite, w: FormWrite): void {
  const e = w.shared ? c.setup(w.ex, endpoint) : c.expect(w.ex).success();
  const written = e.data();
  const control = w.readBack?.control;
  const names = judgedNames(c, endpoint, w.attributes).filter((n) => n !== control);
  const reads: Array<[string, ApiRecord]> = [['in the answer', written]];
  // the read again is judged where it shows the record written and the raw control as sent: another
  // record, or a write lost whatever its form, is the finding of the rule of that read or write
  const again = answeredRecord(w.readBack?.ex);
  if (again?.id === written.id && control !== undefined && holdsSent(w.attributes[control], again.attributes[control]))
    reads.push(['read again', again]);
  for (const [where, r] of reads)
    for (const name of names)
      if (!holdsSent(w.attributes[name], r.attributes[name]))
        e.fail(`${name} ${show(w.attributes[name])} ${where}`, `${name} ${show(r.attributes[name])} ${where}`);
}

/** The cells of one form that are sent here, each with its operation. */
function cellsSentHere(
  form: WriteForm,
): Array<{ endpoint: AttributeWrite; send: (c: CheckContext) => Promise<FormWrite> }> {
  return (Object.keys(FORM_CELLS) as AttributeWrite[]).flatMap((endpoint) => {
    const cell = FORM_CELLS[endpoint][form];
    return 'send' in cell ? [{ endpoint, send: cell.send }] : [];
  });
}

const whose = (endpoint: AttributeWrite) =>
  STATED_ATTRIBUTES[endpoint] === 'workspace' ? "the workspace's attributes" : 'the attributes the spec states';

group('Write forms › every stated attribute in each form', () => {
  for (const { endpoint, send } of cellsSentHere('raw'))
    check(
      'write.raw-value',
      `${endpoint} takes ${whose(endpoint)} as raw values, read back as written`,
      async (c) => judgeFormWrite(c, endpoint, await send(c)),
      { endpoint },
    );
  for (const { endpoint, send } of cellsSentHere('enveloped'))
    check(
      'write.enveloped-value',
      `${endpoint} takes ${whose(endpoint)} as { value_type, value }, read back as written`,
      async (c) => judgeFormWrite(c, endpoint, await send(c)),
      { endpoint },
    );
});
