import { check, endpoint } from '../lib/check/check.js';
import { requiredOnCreate } from './steps/required-on-create.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import {
  opportunityCreated,
  opportunityEdgeRemoved,
  opportunityStageId,
  opportunityContactLinked,
  stageOf,
  type StageValue,
  opportunityAccount,
} from './steps/opportunity.js';
import { valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { throughUnstatedPage } from './steps/unstated-route.js';
import { opportunityCreateBody, selectEnvelope } from '../fixtures/builders/opportunity.js';
import { setupRecord } from './steps/record.js';

/** POSTs an opportunity with the given stage on the run's opportunity account. */
async function postOpportunity(
  c: CheckContext,
  stage: unknown,
): Promise<{ e: Conformance; accountId: string; sent: Record<string, unknown> }> {
  const account = await opportunityAccount(c);
  const body = opportunityCreateBody(c.faker, {
    runId: c.runId,
    stage,
    accountId: account.id,
    required: requiredOnCreate(c, 'opportunity'),
  });
  const e = c.expect(await c.api.post('/opportunity', body));
  return { e, accountId: account.id, sent: body.attributes };
}

/**
 * The stage option the fixture stageId names, as a create by id shows it (api_name, display_name,
 * select_list_id): the run's opportunity the checks only read (suites/steps/opportunity.ts).
 */
async function fixtureStage(
  c: CheckContext,
): Promise<{ id: string; api_name: string; display_name: unknown; select_list_id: unknown }> {
  const stageId = opportunityStageId(c);
  const { ex } = await opportunityCreated(c);
  const stage = stageOf(setupRecord(c, ex, 'POST /opportunity'));
  if (stage?.id !== stageId || typeof stage.api_name !== 'string') {
    c.block('POST /opportunity', `stage ${show(stage)} for stage { id: ${stageId} } (see write.stage-enveloped)`, ex);
  }
  return {
    id: stageId,
    api_name: stage.api_name,
    display_name: stage.display_name,
    select_list_id: stage.select_list_id,
  };
}

/** A name is ambiguous for these checks when it is the fixture's shared option name (in two lists). */
function sharedName(c: CheckContext, name: unknown): boolean {
  const shared = c.fixtures.opportunity?.sharedStageName;
  return typeof name === 'string' && typeof shared === 'string' && name.toLowerCase() === shared.toLowerCase();
}

/** Skips a check that resolves the stage by name: the fixture's option has the name two select lists share. */
function sharedStageOption(c: CheckContext, name: unknown): never {
  return c.unfit(
    'opportunity.stageId',
    `its option's name ${show(name)} is opportunity.sharedStageName, which two select lists hold, so the name alone names no one option: name an option whose api_name and display name are in one select list only`,
  );
}

function expectStage(
  e: Conformance,
  got: StageValue | undefined,
  want: Partial<Record<keyof StageValue, unknown>>,
): void {
  for (const [k, v] of Object.entries(want)) {
    if (v !== undefined && got?.[k as keyof StageValue] !== v)
      e.fail(`stage.value.${k} ${show(v)}`, `stage ${show(got)}`);
  }
}

// The run's opportunity the checks only read: a create with the attributes the spec shows, the stage by
// id (suites/steps/opportunity.ts), sent once and judged by each of the first three checks under its own rule.
async function sharedOpportunity(
  c: CheckContext,
): Promise<{ e: Conformance; accountId: string; sent: Record<string, unknown> }> {
  const { ex, body } = await opportunityCreated(c);
  return { e: c.expect(ex), accountId: (await opportunityAccount(c)).id, sent: body.attributes };
}

endpoint('POST /opportunity', () => {
  check(
    'opportunity.create.record',
    'a create with display_name, stage and account_id answers 2xx and { data: opportunity record } holding them',
    async (c) => {
      const stageId = opportunityStageId(c);
      const { e, accountId, sent } = await sharedOpportunity(c);
      e.success().record('opportunity');
      const r = e.data();
      if (r.record_type !== 'opportunity')
        e.fail('record_type "opportunity"', `record_type ${show(r.record_type)}`, 'record.record-type');
      if (valueOf(r, 'display_name') !== sent['display_name'])
        e.fail(`display_name ${show(sent['display_name'])}`, `display_name ${show(r.attributes['display_name'])}`);
      const account = valueOf(r, 'account_id') as { related_record_id?: unknown } | undefined;
      if (account?.related_record_id !== accountId)
        e.fail(`account_id.value.related_record_id ${accountId}`, `account_id ${show(r.attributes['account_id'])}`);
      expectStage(e, stageOf(r), { id: stageId });
    },
  );

  check(
    'record.opportunity.attributes',
    "the created opportunity is { data: opportunity record } with the spec's value types",
    async (c) => {
      const { e } = await sharedOpportunity(c);
      e.success().record('opportunity');
    },
  );

  check(
    'write.stage-enveloped',
    'a stage given as { value_type: select, value: { id } } is resolved to that option',
    async (c) => {
      const stageId = opportunityStageId(c);
      const { e } = await sharedOpportunity(c);
      expectStage(e.success(), stageOf(e.data()), { id: stageId });
    },
  );

  check(
    'write.stage-enveloped',
    'a stage given as { value_type: select, value: { api_name } } is resolved to that option',
    async (c) => {
      const stage = await fixtureStage(c);
      if (sharedName(c, stage.api_name)) sharedStageOption(c, stage.api_name);
      const { e } = await postOpportunity(c, selectEnvelope({ api_name: stage.api_name }));
      expectStage(e.success(), stageOf(e.data()), { id: stage.id, api_name: stage.api_name });
    },
  );

  check('write.stage-by-name', 'a stage given as a plain string api_name is resolved to that option', async (c) => {
    const stage = await fixtureStage(c);
    if (sharedName(c, stage.api_name)) sharedStageOption(c, stage.api_name);
    const { e } = await postOpportunity(c, stage.api_name);
    expectStage(e.success(), stageOf(e.data()), { id: stage.id, api_name: stage.api_name });
  });

  check('write.stage-by-name', 'a stage given as a plain string display name is resolved to that option', async (c) => {
    const stage = await fixtureStage(c);
    const display = stage.display_name;
    if (typeof display !== 'string' || display === '')
      c.unfit(
        'opportunity.stageId',
        `its option shows no display_name (${show(display)}): name an option that has one`,
      );
    if (sharedName(c, display) || sharedName(c, stage.api_name)) sharedStageOption(c, display);
    const { e } = await postOpportunity(c, display);
    expectStage(e.success(), stageOf(e.data()), { id: stage.id, display_name: display });
  });

  check(
    'write.select-list-id',
    'a shared option name with select_list_id resolves to the option of that select list',
    async (c) => {
      const shared = c.need(c.fixtures.opportunity?.sharedStageName, 'opportunity.sharedStageName');
      const listId = c.need(c.fixtures.opportunity?.stageSelectListId, 'opportunity.stageSelectListId');
      const { e } = await postOpportunity(c, selectEnvelope({ api_name: shared, select_list_id: listId }));
      expectStage(e.success(), stageOf(e.data()), { api_name: shared, select_list_id: listId });
    },
  );

  check('write.select-list-id', 'an option id with its select_list_id resolves to that option', async (c) => {
    const stageId = opportunityStageId(c);
    const listId = c.need(c.fixtures.opportunity?.stageSelectListId, 'opportunity.stageSelectListId');
    const { e } = await postOpportunity(c, selectEnvelope({ id: stageId, select_list_id: listId }));
    expectStage(e.success(), stageOf(e.data()), { id: stageId, select_list_id: listId });
  });

  check(
    'write.select-list-id',
    'an option name unique across select lists resolves without select_list_id, to the same option as with it',
    async (c) => {
      const stage = await fixtureStage(c);
      if (sharedName(c, stage.api_name)) sharedStageOption(c, stage.api_name);
      const listId = c.need(c.fixtures.opportunity?.stageSelectListId, 'opportunity.stageSelectListId');
      const withList = await postOpportunity(c, selectEnvelope({ api_name: stage.api_name, select_list_id: listId }));
      expectStage(withList.e.success(), stageOf(withList.e.data()), { id: stage.id, select_list_id: listId });
      const without = await postOpportunity(c, selectEnvelope({ api_name: stage.api_name }));
      expectStage(without.e.success(), stageOf(without.e.data()), { id: stage.id, select_list_id: listId });
    },
  );
});

endpoint('POST /opportunity/{opportunity_id}/relationship/{api_name}', () => {
  check(
    'opportunity.relationship.post',
    'linking a contact answers { parent, api_name, item } naming the opportunity, the api_name and the contact',
    async (c) => {
      // the run's link of its opportunity to a contact on its account (sent once; a media check judges it too)
      const { opportunity, contact, apiName, ex } = await opportunityContactLinked(c);
      const e = c.expect(ex);
      e.success().body('envelopes/relationship-post');
      const b = e.json<{
        parent: { id: unknown; record_type: unknown };
        api_name: unknown;
        item: { related_record_id: unknown };
      }>();
      if (b.parent.id !== opportunity.id)
        e.fail(`parent.id ${opportunity.id} (the opportunity)`, `parent.id ${show(b.parent.id)}`);
      if (b.parent.record_type !== 'opportunity')
        e.fail('parent.record_type "opportunity"', `parent.record_type ${show(b.parent.record_type)}`);
      if (b.api_name !== apiName) e.fail(`api_name ${show(apiName)}`, `api_name ${show(b.api_name)}`);
      if (b.item.related_record_id !== contact.id)
        e.fail(
          `item.related_record_id ${contact.id} (the contact)`,
          `item.related_record_id ${show(b.item.related_record_id)}`,
        );
    },
  );
});

endpoint('DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}', () => {
  // the run's removal of an edge (sent once), whose status http.delete-success-status judges too
  check('opportunity.relationship.delete', 'deleting an edge answers 2xx and removes it', async (c) => {
    const { opportunity, contact, apiName, path, ex: first } = await opportunityEdgeRemoved(c);
    c.expect(first).success();
    const r = first.response;
    if (r)
      c.observe(
        'delete-response',
        `DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id} answered HTTP ${r.status} with ${r.text.length === 0 ? 'no body' : 'a body'}`,
      );
    // What a repeated DELETE answers (404, or an idempotent 2xx) is not stated: recorded, not asserted.
    const again = (await c.api.delete(path)).response;
    if (again) c.observe('delete-response', `a second DELETE of the same edge answered HTTP ${again.status}`);
    c.observe(
      'no-stated-read',
      "no stated route reads an opportunity's contacts (or a contact's opportunities): the removal is judged only where the server serves the unstated GET /opportunity/{opportunity_id}/relationship/{api_name}",
    );
    await throughUnstatedPage(
      c,
      `/opportunity/${opportunity.id}/relationship/${apiName}`,
      "the opportunity's contacts after the edge was deleted",
      (ids, e) => {
        if (ids.includes(contact.id))
          e.fail(`items without the unlinked contact ${contact.id}`, `related_record_ids ${show(ids)}`);
      },
    );
  });
});
