import type { CheckContext } from '../check/context.js';
import { SetupFailure } from '../check/non-conformance.js';
import { opportunityCreateBody, selectEnvelope } from '../../fixtures/opportunity.js';
import { recordOf, valueOf, type ApiRecord } from './record.js';

/** The opportunity stage option the workspace has (fixtures `opportunity.stageId`). */
export function opportunityStageId(c: CheckContext): string {
  return c.need(c.fixtures.opportunity?.stageId, 'opportunity.stageId');
}

/** A stage option as a read shows it (opportunity_stage, or select). */
export interface StageValue {
  id?: unknown;
  select_list_id?: unknown;
  api_name?: unknown;
  display_name?: unknown;
}

export function stageOf(record: ApiRecord): StageValue | undefined {
  const v = valueOf(record, 'stage');
  return v && typeof v === 'object' ? (v as StageValue) : undefined;
}

/**
 * Creates an opportunity this check owns, on the given account, with the fixture stage by id
 * (the form the spec shows). Opportunities cannot be archived through the API; the display_name
 * carries the run id. A failed create blocks the check.
 */
export async function createOpportunity(c: CheckContext, accountId: string): Promise<ApiRecord> {
  const body = opportunityCreateBody(c.faker, { runId: c.runId, stage: selectEnvelope({ id: opportunityStageId(c) }), accountId });
  const ex = await c.api.post('/opportunity', body);
  c.setup(ex, 'POST /opportunity');
  const record = recordOf(ex.response?.json);
  if (!record) throw new SetupFailure('blocked: POST /opportunity answered 2xx without { data: record }; see opportunity.create checks', ex);
  return record;
}
