import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { show } from '../../lib/check/show.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { recordIds, type AnyTable } from '../spec/operation-row.js';
import type { StatedEndpoint } from '../spec/operations.js';
import { namesNothing, probeBody, probes } from './probes.js';

/** A response's Content-Type is application/json (parameters such as charset allowed) and its body parses. */
export function expectJson(c: CheckContext, ex: Exchange): void {
  const e = c.expect(ex, 'media.json-responses');
  const type = e.response.headers['content-type'] ?? '(none)';
  if (!/^application\/json\s*(;|$)/i.test(type)) e.fail('Content-Type application/json', `Content-Type ${type}`);
  if (e.response.json === undefined)
    e.fail(
      'a body that parses as JSON',
      e.response.text.length === 0 ? 'an empty body' : `body ${show(e.response.text.slice(0, 200))}`,
    );
}

/**
 * Which check judges each operation's answers as JSON (media.json-responses, suites/media-types.checks.ts),
 * or why none does. An operation the table adds without an entry here is judged by the generic check
 * below when its path names a record; one that names none stops the suite from loading until it has one.
 */
export const JSON_ANSWERS: Partial<Record<StatedEndpoint, { judgedBy: string } | { notJudged: string }>> = {
  'POST /contact': { judgedBy: 'a 201 contact create; a 4xx for a create without stage' },
  'GET /contact/{contact_id}': {
    judgedBy: 'a 2xx contact read; a 4xx for a contact id that names no record; a 401 without credentials',
  },
  'PATCH /contact/{contact_id}': { notJudged: '{ data: contact record }, the kind the contact read shows' },
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': {
    notJudged: 'no sample of its { data: { id, envelope } } answer yet',
  },
  'POST /contact/{contact_id}/relationship/{api_name}': { judgedBy: 'relationship writes and reads' },
  'GET /contact/{contact_id}/relationship/accounts': { judgedBy: 'relationship writes and reads' },
  'POST /account': { notJudged: '{ data: account record }, the kind of record answer the contact read shows' },
  'DELETE /account/{account_id}': { notJudged: 'the body of a DELETE answer is not shown' },
  'DELETE /account/{account_id}/attribute/domains/{domain_name}': {
    notJudged: 'the body of a DELETE answer is not shown',
  },
  'POST /opportunity': { notJudged: '{ data: opportunity record }, the kind of record answer the contact read shows' },
  'POST /opportunity/{opportunity_id}/relationship/{api_name}': { judgedBy: 'relationship writes and reads' },
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}': {
    notJudged: 'the body of a DELETE answer is not shown',
  },
  'PATCH /task/{task_id}': { notJudged: '{ data: task record }, the kind of record answer the contact read shows' },
  'DELETE /task/{task_id}': { notJudged: 'the body of a DELETE answer is not shown' },
  'GET /note/{note_id}': { notJudged: '{ data: note record }, the kind of record answer the meeting read shows' },
  'GET /meeting/{meeting_id}': { judgedBy: 'a 2xx meeting read' },
  'GET /meeting/{meeting_id}/transcript': { judgedBy: 'the transcript link' },
  'POST /{custom_object_api_name}/_upsert': { judgedBy: 'an upsert, a custom-object patch and a page' },
  'PATCH /{custom_object_api_name}/{record_id}': { judgedBy: 'an upsert, a custom-object patch and a page' },
  'DELETE /{custom_object_api_name}/{record_id}': { notJudged: 'the body of a DELETE answer is not shown' },
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}': {
    judgedBy: 'an upsert, a custom-object patch and a page',
  },
  'GET /_schema/contact': { notJudged: 'its shape is not shown; the versioning check reads it' },
  'GET /_organization_schema_summary': { notJudged: 'its shape is not shown' },
};

/** A generic JSON-answer check: what it sends, in its title's words, and its run. */
export interface JsonAnswerCheck {
  endpoint: string;
  what: string;
  run(c: CheckContext): Promise<void>;
}

/**
 * The generic JSON-answer checks: for every operation of the table with no entry in `judged`, whose
 * path names a record, the answer to a request whose ids name nothing (a 4xx: no such record) is JSON.
 */
export function jsonAnswerChecks(
  table: AnyTable,
  judged: Readonly<Record<string, unknown>> = JSON_ANSWERS,
): JsonAnswerCheck[] {
  const unjudged = probes(table).filter((p) => judged[p.endpoint] === undefined);
  const nameless = unjudged.filter((p) => recordIds(p.row).length === 0).map((p) => p.endpoint);
  if (nameless.length > 0)
    throw new Error(`${nameless.join(', ')}: no entry in JSON_ANSWERS (suites/sweeps/json-answers.ts): add one there`);
  return unjudged.map((p) => ({
    endpoint: p.endpoint,
    what: 'a 4xx for ids that name no record',
    run: async (c) => {
      const ex = await c.api.send(p.method, p.path, {
        json: probeBody(p, tagged('Probe', c.runId)),
        ...(namesNothing(p) ? { harmless: 'its ids name nothing' } : {}),
      });
      const s = ex.response?.status ?? 0;
      if (s < 400 || s > 499) c.expect(ex).fail('a 4xx', `HTTP ${s}`, 'error.record-not-found');
      expectJson(c, ex);
    },
  }));
}
