import { check, group } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import { answeredRecord, valueOf } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { OPERATIONS } from './spec/operations.js';
import { customObject } from './steps/custom-object.js';
import {
  answered,
  linkedTheOneNamed,
  matchAlone,
  matchNamingTwo,
  opportunityMatches,
  upsertMatches,
} from './steps/match.js';
import { atOnce } from './steps/at-once.js';
import { ambiguousMatchChecks, type MatchEndpoint } from './sweeps/matches.js';
import type { CaseOf } from './sweeps/read-only.js';

// "ambiguous_match | match finds more than one record", on every operation that takes a match. Which
// records a match finds is the server's unstated rule (related_record_match's shape is not shown; how
// an upsert decides between create and update is not shown), until the same run shows it on that
// operation: a match that found the one record it names finds records by that value, so it finds both
// records of one value. Where the run cannot show it (the match alone refused, a second record of the
// value refused), the rule is not applicable, with the answers that prove it. Every record named is
// the run's own.

/**
 * The match naming two records of one name or value (`ex`), once the run asked for the second (`twin`):
 * rejected as ambiguous_match. Where no match named two (`ex` not sent, or `notTwo`, why the second
 * record does not share the first's name or value), the server holds them unique, which nothing states
 * otherwise: not applicable, with the answer that shows it.
 */
function expectAmbiguous(
  c: CheckContext,
  two: { ex: Exchange | undefined; twin: Exchange; notTwo: string | undefined; naming: string },
): void {
  if (two.ex === undefined || two.notTwo !== undefined)
    c.notApplicable(two.notTwo ?? `${two.naming} was not sent (${answered(two.twin)})`, [two.twin]);
  c.observe('ambiguous-match', `${two.naming} answered ${answered(two.ex)}`);
  c.expect(two.ex).rejected().code('ambiguous_match');
}

const AMBIGUOUS_MATCHES: { readonly [E in MatchEndpoint]: CaseOf } = {
  'POST /contact/{contact_id}/relationship/{api_name}': {
    what: 'once a match alone linked the one account it names, a match naming two accounts of one display_name is rejected as ambiguous_match',
    run: async (c: CheckContext) => {
      const [alone, two] = await atOnce([matchAlone(c), matchNamingTwo(c)]);
      if (!linkedTheOneNamed(alone))
        c.notApplicable(
          `a related_record_match alone naming one account answered ${answered(alone.ex)}, not a link to that account: which records a match finds is not shown, so a match naming two proves nothing (it answered ${answered(two.ex)})`,
          [alone.ex, two.ex],
        );
      const ts = two.twin.response?.status ?? 0;
      expectAmbiguous(c, {
        ex: two.ex,
        twin: two.twin,
        notTwo:
          ts < 200 || ts > 299
            ? `a second account named as the first answered ${answered(two.twin)}: the server holds account names unique (nothing states otherwise), so no match names two accounts`
            : undefined,
        naming: 'a related_record_match naming two accounts',
      });
    },
  },
  // both contacts are on the opportunity's account: a server that took the first would link it, not
  // answer contact_account_association_required
  'POST /opportunity/{opportunity_id}/relationship/{api_name}': {
    what: "once a match alone linked the one contact it names, a match naming two contacts (of one name, both on the opportunity's account) is rejected as ambiguous_match",
    run: async (c: CheckContext) => {
      const { alone, two } = await opportunityMatches(c);
      if (!linkedTheOneNamed(alone) || two === undefined)
        c.notApplicable(
          `a related_record_match alone naming one contact on the opportunity's account answered ${answered(alone.ex)}, not a link to that contact: which records a match finds is not shown, so a match naming two would prove nothing (none was sent)`,
          [alone.ex],
        );
      const name = valueOf(alone.target, 'display_name');
      const twinName = two.twinRecord && valueOf(two.twinRecord, 'display_name');
      expectAmbiguous(c, {
        ex: two.ex,
        twin: two.twin,
        notTwo:
          two.ex === undefined || two.twinRecord === undefined
            ? `a second contact of the same first and last name answered ${answered(two.twin)}: the server holds such contacts unique (nothing states otherwise), so no match names two contacts`
            : show(twinName) !== show(name)
              ? `the second contact of the same first and last name shows display_name ${show(twinName)}, the first ${show(name)}: the match names one contact`
              : undefined,
        naming: 'a related_record_match naming two contacts',
      });
    },
  },
  'POST /{custom_object_api_name}/_upsert': {
    what: 'once an upsert of a match value alone answered the one record holding it, and a patch gave a second record that value, the upsert of it is rejected as ambiguous_match',
    run: async (c: CheckContext) => {
      const co = customObject(c);
      const { first, shown, patch, ex } = await upsertMatches(c);
      if (answeredRecord(shown)?.id !== first.id)
        c.notApplicable(
          `an upsert of a record's match value alone answered ${answered(shown)} without that record (id ${first.id}): how an upsert decides between create and update is not shown, so two records of one value would prove nothing (none was made)`,
          [shown],
        );
      expectAmbiguous(c, {
        ex,
        twin: patch,
        notTwo:
          ex === undefined
            ? `a patch giving a second record the first's ${co.matchField} answered ${answered(patch)} without showing that value: the server holds match values unique (nothing states otherwise), so no match finds two records`
            : undefined,
        naming: 'an upsert whose match value two records hold',
      });
    },
  },
};

group('Error codes › ambiguous_match on every operation that takes a match', () => {
  for (const item of ambiguousMatchChecks(OPERATIONS, AMBIGUOUS_MATCHES)) {
    check('error.code.ambiguous-match', `${item.endpoint}: ${item.what}`, (c) => item.run(c), {
      endpoint: item.endpoint,
    });
  }
});
