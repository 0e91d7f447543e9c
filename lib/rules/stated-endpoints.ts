/** Every operation the spec states, as it writes them. */
export const STATED_ENDPOINTS = [
  'POST /contact',
  'GET /contact/{contact_id}',
  'PATCH /contact/{contact_id}',
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}',
  'POST /contact/{contact_id}/relationship/{api_name}',
  'GET /contact/{contact_id}/relationship/accounts',
  'POST /account',
  'DELETE /account/{account_id}',
  'DELETE /account/{account_id}/attribute/domains/{domain_name}',
  'POST /opportunity',
  'POST /opportunity/{opportunity_id}/relationship/{api_name}',
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}',
  'PATCH /task/{task_id}',
  'DELETE /task/{task_id}',
  'GET /note/{note_id}',
  'GET /meeting/{meeting_id}',
  'GET /meeting/{meeting_id}/transcript',
  'POST /{custom_object_api_name}/_upsert',
  'PATCH /{custom_object_api_name}/{record_id}',
  'DELETE /{custom_object_api_name}/{record_id}',
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}',
  'GET /_schema/contact',
  'GET /_organization_schema_summary',
] as const;

export type StatedEndpoint = (typeof STATED_ENDPOINTS)[number];

// Literal segments win over parameters (/contact/{id}/relationship/accounts before …/{api_name}),
// and a custom-object api_name must carry its prefix.
const MATCHERS = STATED_ENDPOINTS.map((e) => {
  const [method, template] = e.split(' ') as [string, string];
  const pattern = template
    .split('/')
    .map((seg) => {
      if (seg === '{custom_object_api_name}') return 'cus_obj__[^/]+';
      return /^\{.+\}$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const literals = template.split('/').filter((s) => s && !s.startsWith('{')).length;
  return { endpoint: e, method, re: new RegExp(`^${pattern}$`), literals };
}).sort((a, b) => b.literals - a.literals);

/** The stated operation a request was made to, or undefined for a route the spec does not state. */
export function statedEndpointOf(method: string, pathUnderBase: string): StatedEndpoint | undefined {
  const p = pathUnderBase.split('?')[0] ?? '';
  return MATCHERS.find((m) => m.method === method && m.re.test(p))?.endpoint;
}
