import type { CheckContext } from '../../lib/check/context.js';
import { show } from '../../lib/check/show.js';
import { valueOf } from '../spec/record.js';
import type { ContactPatchedAll, StageForm } from './contact-patch-all.js';

/** The codes the spec names for a stage change it does not permit: a refused move, whatever the form. */
const MOVE_REFUSED = new Set(['stage_transition_not_allowed', 'stage_entrance_criteria_not_met']);

/**
 * Judges one form's stage patch of contactPatchedAll. Taken: the answer shows the option it named.
 * Refused with a code of a refused move: the permitted moves are not shown (observed). Refused
 * otherwise: legal while the server took the stage in no other form (observed); once it took one
 * stated form, the others must be taken too (as for the account's stage, suites/write-forms.checks.ts).
 */
export function judgeContactStageForm(c: CheckContext, all: ContactPatchedAll, form: StageForm): void {
  const own = all.stages.find((p) => p.form === form);
  if (own === undefined) {
    if (form === 'display name') c.need(c.fixtures.contact?.stageDisplayName, 'contact.stageDisplayName');
    c.notApplicable(`no answer of the run showed the contact stage's id to send as { value: { id } }`, [all.fields.ex]);
  }
  const e = c.expect(own.ex);
  if (e.response.status >= 400 && e.response.status <= 499) {
    e.rejected();
    const code = e.json<{ code?: unknown }>().code;
    const taken = all.stages.find((p) => p.form !== form && (p.ex.response?.status ?? 0) < 300);
    if (taken !== undefined && !(typeof code === 'string' && MOVE_REFUSED.has(code)))
      e.fail(
        `stage taken as ${form} too: the server took it as ${taken.form} (PATCH /contact/{id})`,
        `HTTP ${e.response.status} ${show(code)}`,
      );
    c.observe(
      'contact-stage-patch',
      `PATCH /contact/{id} with stage as ${form} (${show(own.target.api_name)}) was refused: HTTP ${e.response.status} ${show(code)} (the permitted stage moves are not shown)`,
    );
    return;
  }
  const got = valueOf(e.success().data(), 'stage') as { api_name?: unknown; display_name?: unknown } | undefined;
  const wanted = own.target;
  const nameOk = got?.api_name === wanted.api_name;
  const displayOk = form !== 'display name' || got?.display_name === wanted.display_name;
  if (!nameOk || !displayOk)
    e.fail(
      `stage ${form === 'display name' ? `{ api_name: ${show(wanted.api_name)}, display_name: ${show(wanted.display_name)} }` : `api_name ${show(wanted.api_name)}`}`,
      `stage ${show(got)}`,
    );
}
