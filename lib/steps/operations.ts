import { randomUUID } from 'node:crypto';

/** One stated operation of the spec, with concrete path and body, for the sweeps (auth, 403, isolation). */
export interface Operation {
  /** the endpoint as the spec writes it, e.g. 'PATCH /task/{task_id}' */
  endpoint: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface OperationIds {
  contact: string;
  phoneItem: string;
  account: string;
  domain: string;
  opportunity: string;
  task: string;
  note: string;
  meeting: string;
  customObject: string;
  customRecord: string;
  contactCustomObjectRel: string;
  customObjectRel: string;
}

/** Ids that name nothing: enough for checks that must be answered before any lookup (401). */
export function unknownIds(customObject = 'cus_obj__conformance_probe'): OperationIds {
  return {
    contact: randomUUID(),
    phoneItem: randomUUID(),
    account: randomUUID(),
    domain: 'conformance-probe.example',
    opportunity: randomUUID(),
    task: randomUUID(),
    note: randomUUID(),
    meeting: randomUUID(),
    customObject,
    customRecord: randomUUID(),
    contactCustomObjectRel: 'accounts',
    customObjectRel: 'contacts',
  };
}

/**
 * Every operation the spec states, on the given ids. Writes carry a minimal body of the stated form,
 * its strings `name` (give it the run id: a server that wrongly takes a create makes a record).
 */
export function statedOperations(ids: OperationIds, name = 'Probe'): Operation[] {
  const target = { related_record_id: randomUUID() };
  return [
    { endpoint: 'POST /contact', method: 'POST', path: '/contact', body: { attributes: { first_name: name } } },
    { endpoint: 'GET /contact/{contact_id}', method: 'GET', path: `/contact/${ids.contact}` },
    {
      endpoint: 'PATCH /contact/{contact_id}',
      method: 'PATCH',
      path: `/contact/${ids.contact}`,
      body: { attributes: { title: name } },
    },
    {
      endpoint: 'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}',
      method: 'PATCH',
      path: `/contact/${ids.contact}/attribute/contact_phone_numbers/${ids.phoneItem}`,
      body: { labels: ['WORK'] },
    },
    {
      endpoint: 'POST /contact/{contact_id}/relationship/{api_name}',
      method: 'POST',
      path: `/contact/${ids.contact}/relationship/accounts`,
      body: target,
    },
    {
      endpoint: 'GET /contact/{contact_id}/relationship/accounts',
      method: 'GET',
      path: `/contact/${ids.contact}/relationship/accounts`,
    },
    { endpoint: 'POST /account', method: 'POST', path: '/account', body: { attributes: { display_name: name } } },
    { endpoint: 'DELETE /account/{account_id}', method: 'DELETE', path: `/account/${ids.account}` },
    {
      endpoint: 'DELETE /account/{account_id}/attribute/domains/{domain_name}',
      method: 'DELETE',
      path: `/account/${ids.account}/attribute/domains/${encodeURIComponent(ids.domain)}`,
    },
    {
      endpoint: 'POST /opportunity',
      method: 'POST',
      path: '/opportunity',
      body: { attributes: { display_name: name } },
    },
    {
      endpoint: 'POST /opportunity/{opportunity_id}/relationship/{api_name}',
      method: 'POST',
      path: `/opportunity/${ids.opportunity}/relationship/contacts`,
      body: target,
    },
    {
      endpoint: 'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}',
      method: 'DELETE',
      path: `/opportunity/${ids.opportunity}/relationship/contacts/${ids.contact}`,
    },
    {
      endpoint: 'PATCH /task/{task_id}',
      method: 'PATCH',
      path: `/task/${ids.task}`,
      body: { attributes: { title: name } },
    },
    { endpoint: 'DELETE /task/{task_id}', method: 'DELETE', path: `/task/${ids.task}` },
    { endpoint: 'GET /note/{note_id}', method: 'GET', path: `/note/${ids.note}` },
    { endpoint: 'GET /meeting/{meeting_id}', method: 'GET', path: `/meeting/${ids.meeting}` },
    { endpoint: 'GET /meeting/{meeting_id}/transcript', method: 'GET', path: `/meeting/${ids.meeting}/transcript` },
    {
      endpoint: 'POST /{custom_object_api_name}/_upsert',
      method: 'POST',
      path: `/${ids.customObject}/_upsert`,
      body: { attributes: {}, match: { field: 'id', value: 'probe' } },
    },
    {
      endpoint: 'PATCH /{custom_object_api_name}/{record_id}',
      method: 'PATCH',
      path: `/${ids.customObject}/${ids.customRecord}`,
      body: { attributes: { display_name: name } },
    },
    {
      endpoint: 'DELETE /{custom_object_api_name}/{record_id}',
      method: 'DELETE',
      path: `/${ids.customObject}/${ids.customRecord}`,
    },
    {
      endpoint: 'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}',
      method: 'GET',
      path: `/${ids.customObject}/${ids.customRecord}/relationship/${ids.customObjectRel}`,
    },
    { endpoint: 'GET /_schema/contact', method: 'GET', path: '/_schema/contact' },
    { endpoint: 'GET /_organization_schema_summary', method: 'GET', path: '/_organization_schema_summary' },
  ];
}

export const isWrite = (op: Operation) => op.method !== 'GET';
