import { describe, it, expect } from 'vitest';
import {
  ERROR_CODES,
  SCHEMA_IDS,
  compileAll,
  schemaFor,
  validate,
  validateSingle,
} from '../suites/spec/schemas/index.js';
import type { SchemaId, SchemaProblem, ValueTypeName } from '../suites/spec/schemas/index.js';
import { isIso8601Timestamp } from '../suites/spec/schemas/formats.js';
import { contactRecord } from '../suites/spec/schemas/records/contact.js';

const ID = '0b7c4a3e-5f21-4d0e-9a6b-1c2d3e4f5a6b';
const ID2 = 'f47ac10b-58cc-1372-a567-0e02b2c3d479'; // a v1 uuid: any RFC 4122 version passes
const TS = '2026-11-22T04:22:13Z';
const ref = { related_record_id: ID, related_record_type: 'user' };

/** Expects exactly the failure we meant: some problem at `path` whose message contains `hint`. */
function expectProblem(problems: SchemaProblem[], path: string, hint: string): void {
  expect(problems, `expected a problem at '${path}' mentioning '${hint}'`).toContainEqual(
    expect.objectContaining({ path, message: expect.stringContaining(hint) as unknown }),
  );
}

describe('registry', () => {
  it('compiles every schema (no missing $ref, no strict-mode error)', () => {
    expect(() => compileAll()).not.toThrow();
  });
  it.each(SCHEMA_IDS.map((id) => [id]))('schemaFor(%s) returns the schema with its $id', (id) => {
    expect(schemaFor(id)['$id']).toBe(`https://pra.invalid/schemas/${id}`);
  });
});

type Case = { value: unknown; path: string; hint: string; why: string };
const valueTypeCases: Record<ValueTypeName, { ok: unknown; bad: Case[] }> = {
  uuid: { ok: ID2, bad: [{ value: 'not-a-uuid', path: '/value', hint: 'uuid', why: 'format uuid' }] },
  string: { ok: 'Ada', bad: [{ value: 3, path: '/value', hint: 'string', why: 'type string' }] },
  long_text: { ok: 'a\nb', bad: [{ value: true, path: '/value', hint: 'string', why: 'type string' }] },
  rich_text: { ok: '<p>x</p>', bad: [{ value: {}, path: '/value', hint: 'string', why: 'type string' }] },
  number: { ok: 1.5, bad: [{ value: '1.5', path: '/value', hint: 'number', why: 'type number' }] },
  boolean: { ok: false, bad: [{ value: 'false', path: '/value', hint: 'boolean', why: 'type boolean' }] },
  timestamp: { ok: TS, bad: [{ value: 'yesterday', path: '/value', hint: 'iso8601-timestamp', why: 'format' }] },
  enum: { ok: 'COMPLETED', bad: [{ value: 1, path: '/value', hint: 'string', why: 'type string' }] },
  url: { ok: 'https://example.com', bad: [{ value: [], path: '/value', hint: 'string', why: 'type string' }] },
  email: { ok: 'a@example.com', bad: [{ value: 1, path: '/value', hint: 'string', why: 'type string' }] },
  phone_number: { ok: '+15550100', bad: [{ value: 15550100, path: '/value', hint: 'string', why: 'type string' }] },
  currency: {
    ok: { amount: '1000.00' },
    bad: [
      { value: { amount: 1000 }, path: '/value/amount', hint: 'string', why: 'amount is a string' },
      { value: {}, path: '/value', hint: "'amount'", why: 'amount required' },
    ],
  },
  address: {
    ok: { street_one: '1 Main St', street_two: '', city: 'X', state: 'Y', country: 'US', zip_code: '1' },
    bad: [{ value: { street_one: '1 Main St' }, path: '/value', hint: "'zip_code'", why: 'all six required' }],
  },
  record_reference: {
    ok: ref,
    bad: [
      {
        value: { related_record_id: 'x', related_record_type: 'user' },
        path: '/value/related_record_id',
        hint: 'uuid',
        why: 'uuid',
      },
    ],
  },
  select: {
    ok: { id: ID, select_list_id: ID2, api_name: 'a', display_name: 'A', color: '#fff' },
    bad: [
      {
        value: { id: ID, select_list_id: ID2, api_name: 'a', display_name: 'A' },
        path: '/value',
        hint: "'color'",
        why: 'color required',
      },
    ],
  },
  contact_stage: {
    ok: { id: ID, select_list_id: ID2, api_name: 'lead', display_name: 'Lead', color: 'blue' },
    bad: [
      {
        value: { id: 'lead', select_list_id: ID2, api_name: 'lead', display_name: 'Lead', color: 'blue' },
        path: '/value/id',
        hint: 'uuid',
        why: 'id uuid',
      },
    ],
  },
  account_stage: {
    ok: { id: ID, select_list_id: ID2, api_name: 'prospect', display_name: 'Prospect' },
    bad: [
      {
        value: { id: ID, select_list_id: ID2, api_name: 'p' },
        path: '/value',
        hint: "'display_name'",
        why: 'display_name required',
      },
    ],
  },
  opportunity_stage: {
    ok: {
      id: ID,
      select_list_id: ID2,
      api_name: 'won',
      display_name: 'Won',
      color: 'g',
      closing_probability: '100',
      expected_days: 0,
    },
    bad: [
      {
        value: {
          id: ID,
          select_list_id: ID2,
          api_name: 'won',
          display_name: 'Won',
          color: 'g',
          closing_probability: '100',
          expected_days: 1.5,
        },
        path: '/value/expected_days',
        hint: 'integer',
        why: 'expected_days integer',
      },
      {
        value: {
          id: ID,
          select_list_id: ID2,
          api_name: 'won',
          display_name: 'Won',
          color: 'g',
          closing_probability: 1,
          expected_days: 1,
        },
        path: '/value/closing_probability',
        hint: 'string',
        why: 'closing_probability string',
      },
    ],
  },
  contact_email: {
    ok: { id: ID, email: 'a@example.com', is_primary: true, labels: ['WORK'] },
    bad: [
      {
        value: { id: ID, email: 'a@example.com', is_primary: true, labels: ['HOME'] },
        path: '/value/labels/0',
        hint: 'PERSONAL',
        why: 'labels enum',
      },
    ],
  },
  contact_phone_number: {
    ok: { id: ID, phone_number: '+15550100', is_primary: false, labels: [] },
    bad: [
      {
        value: { id: ID, phone_number: '+15550100', labels: [] },
        path: '/value',
        hint: "'is_primary'",
        why: 'is_primary required',
      },
    ],
  },
  account_domain: {
    ok: { domain_name: 'example.com', is_primary: true },
    bad: [
      {
        value: { domain_name: 'example.com', is_primary: 'yes' },
        path: '/value/is_primary',
        hint: 'boolean',
        why: 'is_primary boolean',
      },
    ],
  },
  meeting_participant: {
    ok: { name: 'Ada', email: 'a@example.com', rsvp_status: 'accepted', is_host: true },
    bad: [
      {
        value: { name: 'Ada', email: 'a@example.com', rsvp_status: 'accepted' },
        path: '/value',
        hint: "'is_host'",
        why: 'is_host required',
      },
    ],
  },
  created_source_form_submission_details: {
    ok: { form_submission_id: ref, form_id: ref, source_event_occurred_at: TS, utm_source: 'x', utm_term: null },
    bad: [
      {
        value: { form_submission_id: ref, form_id: ref, source_event_occurred_at: 'now' },
        path: '/value/source_event_occurred_at',
        hint: 'iso8601',
        why: 'timestamp',
      },
    ],
  },
};

// A part a row names without a type (meeting_participant's name and email, a contact item's channel
// value, the utm_* of a form submission) takes any JSON value, null included: the spec does not state one.
describe('parts a row leaves untyped', () => {
  const cases: Array<[string, unknown]> = [
    ['meeting_participant', { name: null, email: 'guest@example.com', rsvp_status: 'NO_RESPONSE', is_host: false }],
    ['meeting_participant', { name: 'Dial-in', email: null, rsvp_status: 'ACCEPTED', is_host: false }],
    ['contact_email', { id: ID, email: null, is_primary: false, labels: [] }],
    ['contact_phone_number', { id: ID, phone_number: 15550100, is_primary: true, labels: ['WORK', 'MOBILE'] }],
    [
      'created_source_form_submission_details',
      { form_submission_id: ref, form_id: ref, source_event_occurred_at: TS, utm_source: 3 },
    ],
  ];
  it.each(cases)('%s takes %j', (name, value) =>
    expect(validate(`value-types/${name}` as SchemaId, { value_type: name, value })).toEqual([]),
  );
  it('still holds the typed parts: rsvp_status is a string', () =>
    expectProblem(
      validate('value-types/meeting_participant', {
        value_type: 'meeting_participant',
        value: { name: null, email: null, rsvp_status: 1, is_host: false },
      }),
      '/value/rsvp_status',
      'string',
    ));
});

describe('value types', () => {
  for (const [name, { ok, bad }] of Object.entries(valueTypeCases)) {
    const id = `value-types/${name}` as SchemaId;
    describe(name, () => {
      it('accepts a valid value', () => expect(validate(id, { value_type: name, value: ok })).toEqual([]));
      it('accepts a null value (unset attribute)', () =>
        expect(validate(id, { value_type: name, value: null })).toEqual([]));
      it('rejects another value_type', () =>
        expectProblem(validate(id, { value_type: 'other', value: ok }), '/value_type', 'constant'));
      it('rejects a missing value', () => expectProblem(validate(id, { value_type: name }), '', "'value'"));
      it.each(bad.map((c) => [c.why, c] as const))('rejects: %s', (_why, c) =>
        expectProblem(validate(id, { value_type: name, value: c.value }), c.path, c.hint),
      );
    });
  }
});

describe('typed-value and attribute', () => {
  it('accepts an unknown value_type with any value', () =>
    expect(validate('value-types/typed-value', { value_type: 'workspace_rating', value: { stars: 4 } })).toEqual([]));
  it('rejects a known value_type with a wrong value', () =>
    expectProblem(validate('value-types/typed-value', { value_type: 'number', value: 'four' }), '/value', 'number'));
  it('rejects a missing value_type', () =>
    expectProblem(validate('value-types/typed-value', { value: 1 }), '', "'value_type'"));
  it('attribute accepts an array of typed values and rejects a bad item', () => {
    expect(validate('value-types/attribute', [{ value_type: 'string', value: 'a' }])).toEqual([]);
    expectProblem(validate('value-types/attribute', [{ value_type: 'string', value: 1 }]), '/0/value', 'string');
  });
  it('attribute rejects a raw value', () => expect(validate('value-types/attribute', 'raw')).not.toEqual([]));
});

const tv = (value_type: string, value: unknown) => ({ value_type, value });
const stage = { id: ID, select_list_id: ID2, api_name: 'lead', display_name: 'Lead', color: 'blue' };
const rr = tv('record_reference', ref);
const fullContactAttributes: Record<string, unknown> = {
  id: tv('uuid', ID),
  organization_id: tv('uuid', ID2),
  created_at: tv('timestamp', TS),
  updated_at: tv('timestamp', TS),
  display_name: tv('string', 'Ada Lovelace'),
  stage: tv('contact_stage', stage),
  created_by_user_id: rr,
  owner_user_id: rr,
  owner_team_id: rr,
  updated_by_user_id: rr,
  archived_by_user_id: tv('record_reference', null),
  participant_user_id_list: [rr],
  first_name: tv('string', 'Ada'),
  last_name: tv('string', 'Lovelace'),
  middle_name: tv('string', null),
  title: tv('string', 'CTO'),
  department: tv('string', 'R&D'),
  primary_email: tv('email', 'ada@example.com'),
  primary_phone_number: tv('phone_number', '+15550100'),
  sms_consent: tv('boolean', true),
  address: tv('address', {
    street_one: '1 Main St',
    street_two: '',
    city: 'London',
    state: '',
    country: 'GB',
    zip_code: 'N1',
  }),
  contact_emails: [tv('contact_email', { id: ID, email: 'ada@example.com', is_primary: true, labels: ['WORK'] })],
  contact_phone_numbers: [
    tv('contact_phone_number', { id: ID2, phone_number: '+15550100', is_primary: true, labels: ['MOBILE', 'WORK'] }),
  ],
  linkedin_url: tv('url', 'https://linkedin.com/in/ada'),
  zoominfo_url: tv('url', null),
  x_url: tv('url', null),
  facebook_url: tv('url', null),
  created_source_form_submission_details: tv('created_source_form_submission_details', null),
  last_activity_at: tv('timestamp', TS),
  last_voice_call: tv('timestamp', null),
  last_meeting: tv('timestamp', null),
  last_global_thread: tv('timestamp', null),
  last_engaged_at: tv('timestamp', '2026-11-21T10:00:00.5+01:00'),
  last_outreached_at: tv('timestamp', null),
  last_inbound_meeting_at: tv('timestamp', null),
  last_inbound_voice_call_at: tv('timestamp', null),
  last_inbound_global_thread_at: tv('timestamp', null),
  last_outbound_meeting_at: tv('timestamp', null),
  last_outbound_voice_call_at: tv('timestamp', null),
  last_outbound_global_thread_at: tv('timestamp', null),
  archived_at: tv('timestamp', null),
};
const contact = { id: ID, created_at: TS, updated_at: TS, record_type: 'contact', attributes: fullContactAttributes };

describe('records', () => {
  it('the contact example covers every attribute the contact schema lists', () =>
    expect(Object.keys(fullContactAttributes).sort()).toEqual(
      Object.keys(contactRecord.properties.attributes.properties).sort(),
    ));
  it('a realistic contact with all attributes passes', () => expect(validate('records/contact', contact)).toEqual([]));
  it('a contact with no attributes passes (listed attributes are not required)', () =>
    expect(validate('records/contact', { ...contact, attributes: {} })).toEqual([]));
  it('a workspace-defined attribute must be a typed value', () => {
    expect(validate('records/contact', { ...contact, attributes: { custom_score: tv('number', 3) } })).toEqual([]);
    expect(validate('records/contact', { ...contact, attributes: { custom_score: 3 } })).not.toEqual([]);
  });
  it('a listed attribute with the wrong value_type fails', () =>
    expectProblem(
      validate('records/contact', { ...contact, attributes: { stage: tv('select', stage) } }),
      '/attributes/stage/value_type',
      'contact_stage',
    ));
  it.each(['id', 'created_at', 'updated_at', 'attributes', 'record_type'])(
    'missing envelope field %s fails',
    (field) => {
      const { [field]: _dropped, ...rest } = contact as Record<string, unknown>;
      expectProblem(validate('records/contact', rest), '', `'${field}'`);
    },
  );
  it('record_type must match the record schema', () =>
    expectProblem(validate('records/contact', { ...contact, record_type: 'account' }), '/record_type', 'constant'));
  it('custom-object record_type must start with cus_obj__', () => {
    const rec = {
      id: ID,
      created_at: TS,
      updated_at: TS,
      record_type: 'cus_obj__vehicle',
      attributes: {
        id: tv('uuid', ID),
        created_at: tv('timestamp', TS),
        updated_at: tv('timestamp', TS),
        display_name: tv('string', 'V'),
      },
    };
    expect(validate('records/custom-object', rec)).toEqual([]);
    // "Envelope plus attributes: id, created_at, updated_at, display_name": each is there
    const { id: _id, ...withoutId } = rec.attributes;
    expectProblem(validate('records/custom-object', { ...rec, attributes: withoutId }), '/attributes', "'id'");
    expectProblem(validate('records/custom-object', { ...rec, record_type: 'vehicle' }), '/record_type', 'pattern');
  });
  it('note created_by_user_id is uuid-typed, not record_reference', () => {
    const note = {
      id: ID,
      created_at: TS,
      updated_at: TS,
      record_type: 'note',
      attributes: { created_by_user_id: tv('uuid', ID) },
    };
    expect(validate('records/note', note)).toEqual([]);
    expect(validate('records/note', { ...note, attributes: { created_by_user_id: rr } })).not.toEqual([]);
  });
  it('account websites is an array of url', () => {
    const acc = {
      id: ID,
      created_at: TS,
      updated_at: TS,
      record_type: 'account',
      attributes: { websites: [tv('url', 'https://a.example')] },
    };
    expect(validate('records/account', acc)).toEqual([]);
    expectProblem(
      validate('records/account', { ...acc, attributes: { websites: tv('url', 'https://a.example') } }),
      '/attributes/websites',
      'array',
    );
  });
  it('validateSingle reports paths from the body root', () => {
    expect(validateSingle('contact', { data: contact })).toEqual([]);
    const bad = { data: { ...contact, attributes: { stage: tv('contact_stage', { ...stage, id: 'x' }) } } };
    expectProblem(validateSingle('contact', bad), '/data/attributes/stage/value/id', 'uuid');
    expectProblem(validateSingle('task', {}), '', "'data'");
  });
});

describe('envelopes', () => {
  const item = {
    related_record_id: ID,
    related_record_type: 'account',
    through: { id: ID2, record_type: 'contact_account', attributes: {} },
  };
  const parent = { id: ID, record_type: 'contact' };
  it('relationship page', () => {
    expect(
      validate('envelopes/relationship-page', {
        count: 1,
        next_cursor: null,
        parent,
        api_name: 'accounts',
        items: [item],
      }),
    ).toEqual([]);
    expectProblem(
      validate('envelopes/relationship-page', {
        count: '1',
        next_cursor: null,
        parent,
        api_name: 'accounts',
        items: [],
      }),
      '/count',
      'integer',
    );
    expectProblem(
      validate('envelopes/relationship-page', { count: 0, parent, api_name: 'accounts', items: [] }),
      '',
      "'next_cursor'",
    );
  });
  it('relationship post and item', () => {
    expect(validate('envelopes/relationship-post', { parent, api_name: 'accounts', item })).toEqual([]);
    const { through: _t, ...noThrough } = item;
    expectProblem(
      validate('envelopes/relationship-post', { parent, api_name: 'accounts', item: noThrough }),
      '/item',
      "'through'",
    );
  });
  it('contact-account item needs role and is_primary typed values', () => {
    const ca = {
      ...item,
      through: { ...item.through, attributes: { role: tv('string', 'buyer'), is_primary: tv('boolean', true) } },
    };
    expect(validate('envelopes/contact-account-item', ca)).toEqual([]);
    expectProblem(validate('envelopes/contact-account-item', item), '/through/attributes', "'role'");
    expectProblem(
      validate('envelopes/contact-account-item', {
        ...ca,
        through: { ...ca.through, attributes: { role: 'buyer', is_primary: tv('boolean', true) } },
      }),
      '/through/attributes/role',
      'object',
    );
  });
  it('upsert, phone item patch, transcript', () => {
    const attributes = {
      id: tv('uuid', ID),
      created_at: tv('timestamp', TS),
      updated_at: tv('timestamp', TS),
      display_name: tv('string', 'X'),
    };
    const rec = { id: ID, created_at: TS, updated_at: TS, record_type: 'cus_obj__x', attributes };
    expect(validate('envelopes/upsert', { data: rec, meta: { matched_on: { field: 'x' } } })).toEqual([]);
    expectProblem(validate('envelopes/upsert', { data: rec, meta: {} }), '/meta', "'matched_on'");
    const envelope = { id: ID, is_primary: true, labels: ['WORK'], phone_number: '+15550100' };
    expect(validate('envelopes/phone-item-patch', { data: { id: ID, envelope } })).toEqual([]);
    expectProblem(
      validate('envelopes/phone-item-patch', { data: { id: ID, envelope: { ...envelope, labels: ['work'] } } }),
      '/data/envelope/labels/0',
      'PERSONAL',
    );
    expect(
      validate('envelopes/transcript', { data: { url: 'https://s3.example/x?sig=1', expires_at: TS, format: 'vtt' } }),
    ).toEqual([]);
    expectProblem(
      validate('envelopes/transcript', { data: { url: 'u', expires_at: 'tomorrow', format: 'vtt' } }),
      '/data/expires_at',
      'iso8601',
    );
  });
});

describe('error body', () => {
  const body = { status_code: 404, error_type: 'not_found', code: 'record_not_found', message: 'no such record' };
  it('lists every code once', () => expect(new Set(ERROR_CODES).size).toBe(36));
  it('accepts a body without details, with null details and with object details', () => {
    expect(validate('errors/error-body', body)).toEqual([]);
    expect(validate('errors/error-body', { ...body, details: null })).toEqual([]);
    expect(validate('errors/error-body', { ...body, details: { field: 'x' } })).toEqual([]);
  });
  it('rejects an unlisted code', () =>
    expectProblem(validate('errors/error-body', { ...body, code: 'not_found' }), '/code', 'record_not_found'));
  it('rejects a non-integer status_code and a missing message', () => {
    expectProblem(validate('errors/error-body', { ...body, status_code: '404' }), '/status_code', 'integer');
    const { message: _m, ...noMessage } = body;
    expectProblem(validate('errors/error-body', noMessage), '', "'message'");
  });
  it('request_validation_failed details have the stated shape', () => {
    const rvf = { ...body, status_code: 400, code: 'request_validation_failed' };
    const details = { loc: ['body', 'attributes'], type: 'missing', all_errors: [], code: 'request_validation_failed' };
    expect(validate('errors/error-body', { ...rvf, details })).toEqual([]);
    expect(validate('errors/request-validation-failed-details', details)).toEqual([]);
    expectProblem(validate('errors/error-body', { ...rvf, details: { loc: [] } }), '/details', "'all_errors'");
  });
});

describe('request bodies', () => {
  it('attributes-body has no other top-level keys', () => {
    expect(validate('requests/attributes-body', { attributes: { first_name: 'A' } })).toEqual([]);
    expectProblem(validate('requests/attributes-body', { attributes: {}, relationships: {} }), '', "'relationships'");
  });
  it('task-patch-body needs a non-empty attributes object', () =>
    expectProblem(validate('requests/task-patch-body', { attributes: {} }), '/attributes', 'fewer than 1'));
  it('upsert-body: attributes plus match { field, value }', () => {
    expect(validate('requests/upsert-body', { attributes: {}, match: { field: 'vin', value: null } })).toEqual([]);
    expectProblem(validate('requests/upsert-body', { attributes: {}, match: { field: 'vin' } }), '/match', "'value'");
  });
  it('relationship-post-body: exactly one target key', () => {
    expect(validate('requests/relationship-post-body', { related_record_id: ID })).toEqual([]);
    expect(validate('requests/relationship-post-body', { related_record_match: { field: 'x', value: 1 } })).toEqual([]);
    expectProblem(
      validate('requests/relationship-post-body', { related_record_id: ID, related_record_match: {} }),
      '',
      'oneOf',
    );
    expectProblem(validate('requests/relationship-post-body', {}), '', 'oneOf');
  });
  it('phone-item-patch-body: no phone_number', () => {
    expect(validate('requests/phone-item-patch-body', { is_primary: true, labels: ['PERSONAL'] })).toEqual([]);
    expectProblem(
      validate('requests/phone-item-patch-body', { phone_number: '+1' }),
      '/phone_number',
      'boolean schema',
    );
  });
  it('contact-create-body: stage required, string or select envelope', () => {
    const ok = {
      attributes: {
        first_name: 'Ada',
        last_name: tv('string', 'L'),
        primary_email: tv('email', 'a@example.com'),
        stage: 'lead',
      },
    };
    expect(validate('requests/contact-create-body', ok)).toEqual([]);
    expect(
      validate('requests/contact-create-body', { attributes: { stage: tv('select', { api_name: 'lead' }) } }),
    ).toEqual([]);
    expect(
      validate('requests/contact-create-body', {
        attributes: { stage: tv('select', { id: ID, select_list_id: ID2 }) },
      }),
    ).toEqual([]);
    expectProblem(
      validate('requests/contact-create-body', { attributes: { first_name: 'Ada' } }),
      '/attributes',
      "'stage'",
    );
    expect(
      validate('requests/contact-create-body', { attributes: { stage: tv('select', { select_list_id: ID2 }) } }),
    ).not.toEqual([]);
  });
});

describe('iso8601-timestamp format', () => {
  it.each([
    '2026-11-22T04:22:13Z',
    '2026-11-22T04:22:13.123+00:00',
    '2026-11-22T04:22:13+0530',
    '2026-11-22T04:22-03',
    '2024-02-29T24:00:00Z',
    '2026-11-22T04:22:13,5Z',
  ])('accepts %s', (s) => expect(isIso8601Timestamp(s)).toBe(true));
  it.each([
    '2026-13-01T00:00:00Z',
    'yesterday',
    '2026-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-11-22',
    '2026-11-22T25:00:00Z',
    '2026-11-22T24:00:01Z',
    '2026-11-22t04:22:13z',
    '2026-11-22T04:60:00Z',
    '2026-11-22T04:22:13+24:00',
  ])('rejects %s', (s) => expect(isIso8601Timestamp(s)).toBe(false));
  it('is what defs/timestamp checks', () => {
    expect(validate('defs/timestamp', '2026-11-22T04:22:13+0530')).toEqual([]);
    expectProblem(validate('defs/timestamp', '2026-02-30T00:00:00Z'), '', 'iso8601-timestamp');
  });
});
