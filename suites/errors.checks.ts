import { randomUUID } from 'node:crypto';
import { check, group, endpoint } from '../lib/check/check.js';
import { errorBodyViolations } from './spec/error-body.js';
import { NonConformance } from '../lib/check/non-conformance.js';
import type { RuleId } from './spec/rules/catalogue.js';
import { PROVOCATIONS, PROVOKE, provoked, type Provocation } from './shared/provoke.js';
import type { CheckContext } from '../lib/check/context.js';
import type { SeenErrors } from '../lib/check/seen.js';
import { customObject, patchAttributes } from './steps/custom-object.js';
import { OPERATIONS } from './spec/operations.js';
import { unservedPaths } from './sweeps/unserved-path.js';
import { errorAnswerTargets, UNSTATED_ROUTES, type ErrorAnswerTarget } from './sweeps/error-answers.js';

// Every error-body rule, on every error the suite can provoke on any server. Each check looks only
// at its own rule, so one broken field fails the checks of that field and no others. (The rule ids
// are written out, not looped over, so that grep finds the checks of each.)

/** The check of one error-body rule on one provoked error. */
function onlyRule(rule: RuleId, p: Provocation) {
  return async (c: CheckContext) => {
    const ex = await provoked(c, p);
    const e = c.expect(ex);
    // no error to look at: that is a deviation of the request's own rule (judged by its own
    // checks), not of the error-body rules, so this check is blocked rather than failed
    if (e.response.status < 400)
      c.block(p.what, `HTTP ${e.response.status}, not an error (judged by ${p.judgedBy})`, ex, p.judgedBy);
    const v = errorBodyViolations(e.response).find((x) => x.rule === rule);
    if (v) throw new NonConformance(v, ex);
  };
}

group('Errors › the error body', () => {
  for (const p of PROVOCATIONS) {
    const title = `the error answering ${p.what}`;
    check('error.body', title, onlyRule('error.body', p), { endpoint: 'errors' });
    check('error.status-code-mirrors', title, onlyRule('error.status-code-mirrors', p), { endpoint: 'errors' });
    check('error.code-listed', title, onlyRule('error.code-listed', p), { endpoint: 'errors' });
    check('error.details-discriminated', title, onlyRule('error.details-discriminated', p), { endpoint: 'errors' });
  }
});

// "Every error response has the error body": an answer to a path under the base URL that no route
// serves is one too, where a framework's own 404 page (HTML) is what a server forgets. One segment, so
// no pattern of the table (a custom object's record, say) can be taken to serve it.
group('Errors › a path no route serves', () => {
  const unserved = unservedPaths(OPERATIONS);
  check(
    'error.body',
    'a path under the base URL that no route serves, answered with an error, carries the error body',
    async (c) => {
      const path = unserved(c.faker.string.alphanumeric(6).toLowerCase());
      const e = c.expect(await c.api.get(path));
      if (e.response.status < 400) {
        c.observe('unserved-path', `GET ${path}, a path no stated route serves, answered HTTP ${e.response.status}`);
        return;
      }
      e.errorBody();
    },
    { endpoint: 'errors' },
  );
});

// "Every error response has this body": every error answer the run read, whichever check, shared
// set-up or sweep asked, is evidence (lib/check/answer-observer.ts judges each as it arrives). One
// check per operation of the table, run last so the whole run has been seen: it fails on the first
// way its answers broke the error body, and files every other broken error-body rule as a finding of
// that rule at that operation, so a body dropped everywhere is one cause listing its operations.
group('Errors › every error answer of the run', () => {
  for (const t of errorAnswerTargets(OPERATIONS)) {
    check(
      'error.body',
      `every error answer the run read at ${t.endpoint} carries the error body`,
      (c) => judgeErrorAnswers(c, t),
      { endpoint: t.endpoint === UNSTATED_ROUTES ? 'errors' : t.endpoint, runLast: true },
    );
  }
});

/**
 * The error body's rules on every error answer the run read at `t`'s operations. A run that read no
 * error answer there (`--only`, a rerun) gets one of the check's own (0 requests in a whole run, whose
 * 401 sweep meets every operation).
 */
async function judgeErrorAnswers(c: CheckContext, t: ErrorAnswerTarget): Promise<void> {
  const at = () => t.operations.map((o) => c.errorsAt(o));
  const total = (seen: SeenErrors[], n: (s: SeenErrors) => number) => seen.reduce((sum, s) => sum + n(s), 0);
  let seen = at();
  if (total(seen, (s) => s.errors) === 0) {
    await t.provoke(c);
    seen = at();
  }
  const [answers, errors] = [total(seen, (s) => s.answers), total(seen, (s) => s.errors)];
  const proof = seen.flatMap((s) => (s.firstAnswer ? [s.firstAnswer] : []));
  if (errors === 0)
    c.notApplicable(
      `none of the ${answers} answer(s) the run read at ${t.endpoint} was an error: none to judge`,
      proof,
    );
  const statuses = [...new Set(seen.flatMap((s) => s.statuses))].sort((a, b) => a - b);
  c.observe(
    'error-answers',
    `${t.endpoint}: the error body judged on the ${errors} error answer(s) the run read there (HTTP ${statuses.join(', ')})`,
  );
  const failures = seen.flatMap((s) => s.failures);
  const own = failures.find((f) => f.violation.rule === c.rule);
  for (const f of failures) if (f !== own) c.found(f.violation, f.exchange);
  if (own) c.expect(own.exchange).broke(own.violation);
}

group('Errors › statuses no listed code names', () => {
  // 403, 405 and 406 have no listed code of their own; that the list binds them too is the strict
  // reading (error.code-listed-no-fit). A write to the read-only meeting and an Accept of text/html
  // are the requests any server may answer so; which status they get is its own choice.
  const requests = [
    [
      "a DELETE on the meeting route (a read-only resource; an id that names nothing, never the user's meeting)",
      (c: CheckContext) => c.api.delete(`/meeting/${randomUUID()}`),
    ],
    [
      'a read accepting only text/html',
      (c: CheckContext) => c.api.get(`/contact/${randomUUID()}`, { headers: { accept: 'text/html' } }),
    ],
  ] as const;
  for (const [what, send] of requests) {
    check(
      'error.code-listed-no-fit',
      `the error answering ${what}, when a 403, 405 or 406, carries a listed code`,
      async (c) => {
        const ex = await send(c);
        const e = c.expect(ex);
        if (![403, 405, 406].includes(e.response.status)) {
          c.observe(
            'no-fitting-code',
            `${what} answered HTTP ${e.response.status}, a status with a listed code, so there was nothing to judge`,
          );
          return;
        }
        const v = errorBodyViolations(e.response).find((x) => x.rule === 'error.code-listed-no-fit');
        if (v) throw new NonConformance(v, ex);
      },
      { endpoint: 'errors' },
    );
  }
});

group('Errors › request_validation_failed', () => {
  check(
    'error.request-validation-details',
    'every request_validation_failed the suite provokes with details carries { loc, type, all_errors, code }',
    async (c) => {
      let seen = 0;
      for (const p of PROVOCATIONS) {
        const ex = await provoked(c, p);
        const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
        if (code !== 'request_validation_failed') continue;
        seen += 1;
        const v = errorBodyViolations(c.expect(ex).response).find((x) => x.rule === 'error.request-validation-details');
        if (v) throw new NonConformance(v, ex);
      }
      // which code each provocation gets is not shown: a server may never answer this one
      if (seen === 0)
        c.observe(
          'request-validation-details',
          `none of the ${PROVOCATIONS.length} provoked errors had the code request_validation_failed, so its details could not be looked at`,
        );
    },
    { endpoint: 'errors' },
  );
});

endpoint('GET /contact/{contact_id}', () => {
  // the provoked answer the error-body checks judge too (sent once)
  check(
    'error.record-not-found',
    'a contact id that names no record is answered 4xx with the error body',
    async (c) => {
      c.expect(await provoked(c, PROVOKE.noRecord)).rejected();
    },
  );
});

// A PATCH names the record it changes: an id that names none is refused, never taken as a create
// (the spec's creates are POST /contact and the upsert). One request each; a record wrongly made goes
// into the cleanup ledger (archived where the API can).
const PATCHES: ReadonlyArray<{
  endpoint: string;
  type: (c: CheckContext) => string;
  body: (c: CheckContext) => unknown;
  archivable: boolean;
}> = [
  {
    endpoint: 'PATCH /contact/{contact_id}',
    type: () => 'contact',
    body: (c) => ({ attributes: { title: `Nowhere ${c.faker.string.alphanumeric(6)}` } }),
    archivable: false,
  },
  {
    endpoint: 'PATCH /{custom_object_api_name}/{record_id}',
    type: (c) => customObject(c).apiName,
    body: (c) => ({ attributes: patchAttributes(c, customObject(c), 'Nowhere') }),
    archivable: true,
  },
  {
    endpoint: 'PATCH /task/{task_id}',
    type: () => 'task',
    body: (c) => ({ attributes: { disposition: `Nowhere ${c.faker.string.alphanumeric(6)}` } }),
    archivable: true,
  },
];

for (const p of PATCHES) {
  endpoint(p.endpoint, () => {
    check(
      'error.record-not-found',
      `${p.endpoint} of an id that names no record is answered 4xx with the error body, and creates nothing`,
      async (c) => {
        const [type, id] = [p.type(c), randomUUID()];
        const e = c.expect(await c.api.patch(`/${type}/${id}`, p.body(c)));
        const s = e.response.status;
        if (s >= 200 && s <= 299) c.created(id, type, p.archivable ? `/${type}/${id}` : null);
        e.rejected();
      },
    );
  });
}
