import type { Exchange } from '../../lib/http/exchange.js';
import { pathUnderBase } from '../../lib/http/exchange.js';
import { answerOf } from '../../lib/check/answer.js';
import { operationOf } from '../../lib/check/finding.js';
import type { BlockedBy } from '../../lib/check/outcome.js';
import type { JudgedRun } from '../../lib/check/judges.js';

/** The codes of an answer that says a name in the request is none the server knows. */
const UNKNOWN = new Set(['unknown_field', 'unknown_record_type']);

/** Each relationships fixture: the record type it leads from and the one it leads to (`co`: the custom object). */
const RELATIONSHIP_ENDS: Record<string, readonly [string, string]> = {
  contactAccounts: ['contact', 'account'],
  contactOpportunities: ['contact', 'opportunity'],
  opportunityContacts: ['opportunity', 'contact'],
  contactCustomObject: ['contact', 'co'],
  customObject: ['co', 'contact'],
};

/**
 * A name of the user's fixtures (a relationship api_name, the custom object's api_name) that the server
 * answers it does not know (`unknown_field`, `unknown_record_type`, the answer naming it) is a fact of
 * the fixtures, not a verdict on the server: the check that sent it is blocked by that fixture,
 * naming what discovery lists instead. Only where discovery itself lists the name (the fixtures check read it,
 * `preflight.discovered`) is the refusal the server's, judged under the check's rule.
 */
export function fixtureRefusedBlock(ex: Exchange, run: JudgedRun): BlockedBy | undefined {
  const s = ex.response?.status;
  const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
  if (s === undefined || s < 400 || s > 499 || typeof code !== 'string' || !UNKNOWN.has(code)) return undefined;
  const segments = pathUnderBase(ex, run.baseUrl).split('?')[0]!.split('/').filter(Boolean);
  const found = fixtureInPath(segments, run);
  // the answer must name the value it does not know: a refusal of something else in the request is no fixture's
  if (found === undefined || !(ex.response?.text ?? '').includes(found.value)) return undefined;
  const discovered = run.preflight?.discovered;
  if (discovered?.names.includes(found.value)) return undefined;
  const instead = found.instead(discovered);
  return {
    step: operationOf(ex, run),
    answer: `${answerOf(ex)}: the server does not know \`${found.key}\` (${found.value}), and discovery does not list it${instead.length > 0 ? `; it lists ${instead.join(', ')}` : ''}`,
    fixture: found.key,
  };
}

type Discovered = NonNullable<NonNullable<JudgedRun['preflight']>['discovered']>;

/** The fixtures name the path carries: a relationship api_name after `relationship`, or the custom object first. */
function fixtureInPath(
  segments: readonly string[],
  run: JudgedRun,
): { key: string; value: string; instead: (d: Discovered | undefined) => string[] } | undefined {
  const co = run.fixtures.customObject?.apiName;
  const at = segments.indexOf('relationship');
  const name = at >= 0 ? segments[at + 1] : undefined;
  for (const [k, v] of Object.entries(run.fixtures.relationships ?? {})) {
    if (v !== name || name === undefined) continue;
    const [from, to] = (RELATIONSHIP_ENDS[k] ?? ['', '']).map((t) => (t === 'co' ? (co ?? '') : t));
    const instead = (d: Discovered | undefined) =>
      (d?.relationships ?? [])
        .filter((r) => r.relatedType === to && (r.ownerType ?? from) === from)
        .map((r) => r.apiName);
    return { key: `relationships.${k}`, value: v, instead };
  }
  if (co !== undefined && segments[0] === co)
    return { key: 'customObject.apiName', value: co, instead: (d) => d?.customObjects ?? [] };
  return undefined;
}
