import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { isUuid } from '../../lib/http/under-base.js';
import { type ApiRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { notOwnAnswer } from '../../lib/safety/tracker.js';
import { runRecordsOf } from '../../lib/safety/provenance.js';

/**
 * The key a record is made with, and archived with: organization A's, or organization B's
 * (`--other-org-api-key`, for the isolation checks).
 */
export type OrgKey = 'apiKey' | 'otherOrgApiKey';

/**
 * The record of a step the check depends on: a 2xx `{ data: record }` answer. Any other answer
 * blocks the check (SetupFailure naming the step), so the step's deviation is not blamed on the
 * check's own rule; `checks` names where the step itself is checked.
 */
export function setupRecord(c: CheckContext, ex: Exchange, step: string): ApiRecord {
  // a 2xx without { data: record } is a finding of record.envelope, and blocks the check on it
  const record = c.setup(ex, step).data();
  // the id goes into the paths of the requests that follow: only a uuid (spec: "Path parameters
  // named `*_id` are uuid strings"), so a server's id can never steer a request elsewhere
  if (!isUuid(record.id))
    c.block(step, `HTTP ${ex.response?.status ?? '?'} with an id that is not a uuid, ${show(record.id)}`, ex);
  // judged from the answer (lib/safety/provenance.ts): a record that is not new is not the run's to use
  const notOwn = notOwnAnswer(ex);
  if (notOwn !== undefined)
    c.block(
      step,
      `HTTP ${ex.response?.status ?? '?'} with a record that is not new, so not the run's own: ${notOwn}`,
      ex,
    );
  return record;
}

/**
 * Whether an id a create answered may go into the DELETE that archives the record: a uuid (spec:
 * "Path parameters named `*_id` are uuid strings") of a record the run judged its own. Otherwise no
 * DELETE is sent, and the check's observations say why.
 */
export function archivableId(c: CheckContext, id: unknown): id is string {
  if (!isUuid(id)) {
    c.observe('cleanup', `not archived: the server gave an id that is not a uuid, ${show(id)}; it goes into no path`);
    return false;
  }
  const notOwn = runRecordsOf(c.runId, c.fixtures).notOwnReason(id);
  if (notOwn !== undefined) {
    c.observe('cleanup', `not archived: record ${id} is not the run's own (${notOwn})`);
    return false;
  }
  return true;
}
