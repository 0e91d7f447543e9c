import { RULES } from './spec/rules/catalogue.js';
import type { Rule } from '../lib/catalogue/rule.js';
import { randomUUID } from 'node:crypto';
import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { RuleId } from './spec/rules/catalogue.js';
import { contactForProbes } from './steps/contact.js';
import { opportunityCreated } from './steps/opportunity.js';
import { setupRecord } from './steps/record.js';
import { plainTextCreate, plainTextPatch } from './steps/plain-text.js';
import { PROVOKE, provoked } from './shared/provoke.js';
import { linkedRecordRead } from './steps/custom-object.js';
import { relationshipName } from './steps/relationship.js';
import { show } from '../lib/check/show.js';
import { contactCreateBody, withoutStage } from '../fixtures/builders/contact.js';
import { byId } from '../fixtures/builders/relationship.js';
import { OPERATIONS } from './spec/operations.js';
import { bodyTargets, bodyWith, OVERSIZE_BYTES, oversizePadding } from './sweeps/request-bodies.js';

// The code the spec names for a condition ("| record_not_found | record does not exist |", …). Which
// HTTP status goes with most codes is not shown, so a check judges the code of whatever error answers
// the condition, and never its status. A non-error answer is the finding of the request's own rule
// where one judges it (`judgedBy`): then this check is blocked, one cause, one finding.
// (unknown_record_type and invalid_cursor are asserted by custom-object.unknown-type and
// pagination.invalid-cursor, whose rules quote their rows.)

interface Condition {
  /** the request, in a blocked or failed check's words */
  what: string;
  /** the rule that judges a non-error answer to it, if any */
  judgedBy?: RuleId;
}

/**
 * The error's code is `code` (or one of them, where two listed codes fit the request: the rule's
 * `accepts`); an answer without an error code is left to the rules that judge it.
 */
function expectCode(c: CheckContext, ex: Exchange, codes: string | readonly string[], o: Condition): void {
  const code = typeof codes === 'string' ? codes : codes.join(' or ');
  const e = c.expect(ex);
  const s = e.response.status;
  if (s < 400) {
    // where only a strict reading requires the refusal, taking the request is legal: nothing to judge
    if (o.judgedBy && (RULES[o.judgedBy] as Rule).reading === 'strict') {
      c.observe(
        'not-refused',
        `${o.what} answered HTTP ${s}: legal under the default reading (${o.judgedBy} is strict), so the code was not judged`,
      );
      return;
    }
    if (o.judgedBy) c.block(o.what, `HTTP ${s}, not an error (judged by ${o.judgedBy})`, ex, o.judgedBy);
    e.fail(`an error with the code ${code} (${o.what})`, `HTTP ${s}`);
  }
  const actual = (e.response.json as { code?: unknown } | undefined)?.code;
  // no code at all breaks error.body, which judges every error the suite provokes
  if (typeof actual !== 'string')
    c.block(o.what, `HTTP ${s} without a code in the error body (judged by error.body)`, ex, 'error.body');
  if (!(typeof codes === 'string' ? [codes] : codes).includes(actual))
    e.fail(`error code ${code} (${o.what})`, `HTTP ${s}, code ${show(actual)}`);
}

for (const type of ['contact', 'note', 'meeting'] as const) {
  endpoint(`GET /${type}/{${type}_id}`, () => {
    check(
      'error.code.record-not-found',
      `a ${type} id that names no record is answered with the code record_not_found`,
      async (c) => {
        // a contact's: the provoked answer the error-body checks judge too (sent once)
        const ex =
          type === 'contact' ? await provoked(c, PROVOKE.noRecord) : await c.api.get(`/${type}/${randomUUID()}`);
        expectCode(c, ex, 'record_not_found', {
          what: `GET of a ${type} id that names no record`,
          judgedBy: 'error.record-not-found',
        });
      },
    );
  });
}

endpoint('GET /{custom_object_api_name}/{record_id}/relationship/{api_name}', () => {
  /** The run's shared relationship read of its linked record with this query (the pagination checks judge it too). */
  const read = (c: CheckContext, query: Record<string, number>): Promise<Exchange> => linkedRecordRead(c, query);

  check(
    'error.code.limit-out-of-range',
    'page_size=0, below the stated minimum of 1, is answered with the code limit_out_of_range or request_validation_failed',
    async (c) => {
      const what = 'a relationship read with page_size=0';
      expectCode(c, await read(c, { page_size: 0 }), ['limit_out_of_range', 'request_validation_failed'], {
        what,
        judgedBy: 'pagination.page-size-minimum',
      });
    },
  );

  check(
    'error.code.limit-out-of-range',
    'page_size=1000, when refused (the maximum is not shown), carries the code limit_out_of_range or request_validation_failed',
    async (c) => {
      const ex = await read(c, { page_size: 1000 });
      const s = c.expect(ex).response.status;
      if (s < 400) {
        c.observe('max-page-size', `page_size=1000 answered HTTP ${s}: not refused, so no code to look at`);
        return;
      }
      expectCode(c, ex, ['limit_out_of_range', 'request_validation_failed'], {
        what: 'a relationship read with page_size=1000',
      });
    },
  );
});

/**
 * A valid JSON body sent as text/plain: the content type is the only thing wrong with it. The answer
 * media.text-plain-json-415 judges (sent once, suites/steps/plain-text.ts).
 */
function describeMediaType(operation: string, send: (c: CheckContext) => Promise<Exchange>): void {
  endpoint(operation, () => {
    check(
      'error.code.unsupported-media-type',
      `${operation} with valid JSON sent as text/plain, when refused, carries the code unsupported_media_type or request_validation_failed`,
      async (c) => {
        const ex = await send(c);
        expectCode(c, ex, ['unsupported_media_type', 'request_validation_failed'], {
          what: `${operation} sent as text/plain`,
          judgedBy: 'media.text-plain-json-415',
        });
      },
    );
  });
}

describeMediaType('POST /contact', (c) => plainTextCreate(c));
describeMediaType('PATCH /contact/{contact_id}', async (c) => (await plainTextPatch(c)).ex);

endpoint('POST /contact/{contact_id}/relationship/{api_name}', () => {
  check(
    'error.code.target-record-not-found',
    'linking a contact to an account id that names no record carries the code target_record_not_found',
    async (c) => {
      const apiName = relationshipName(c, 'contactAccounts');
      // a request that must be refused: the run's contact for probes (only this answer is judged)
      const contact = await contactForProbes(c);
      const ex = await c.api.post(`/contact/${contact.id}/relationship/${apiName}`, byId(randomUUID()));
      expectCode(c, ex, 'target_record_not_found', {
        what: 'a relationship POST whose related_record_id names no record',
      });
    },
  );

  check(
    'error.code.invalid-target-identifier',
    'linking a contact to a related_record_id that is not a uuid carries the code invalid_target_identifier or target_record_not_found',
    async (c) => {
      const apiName = relationshipName(c, 'contactAccounts');
      const contact = await contactForProbes(c);
      const ex = await c.api.post(`/contact/${contact.id}/relationship/${apiName}`, byId('not-a-uuid'));
      expectCode(c, ex, ['invalid_target_identifier', 'target_record_not_found'], {
        what: 'a relationship POST whose related_record_id is not a uuid',
      });
    },
  );
});

endpoint('POST /opportunity/{opportunity_id}/relationship/{api_name}', () => {
  check(
    'error.code.invalid-target-identifier',
    'linking an opportunity to a related_record_id that is not a uuid carries the code invalid_target_identifier or target_record_not_found',
    async (c) => {
      const apiName = relationshipName(c, 'opportunityContacts');
      // a request that must be refused: the run's opportunity the checks only read (no check reads its contacts)
      const opportunity = setupRecord(c, (await opportunityCreated(c)).ex, 'POST /opportunity');
      const ex = await c.api.post(`/opportunity/${opportunity.id}/relationship/${apiName}`, byId('not-a-uuid'));
      expectCode(c, ex, ['invalid_target_identifier', 'target_record_not_found'], {
        what: 'a relationship POST whose related_record_id is not a uuid',
      });
    },
  );
});

// "The interface defines errors for oversize payloads (413)"; the size limit is not shown. The body
// is a contact create without stage (and with an attribute no workspace has), so a server that takes
// the size still refuses it and creates nothing.
const LARGE_BODY_BYTES = OVERSIZE_BYTES;

/**
 * One oversize body in flight at a time: building, sending and redacting one costs tens of MB, and the
 * eleven of the family started together held over 400 MB at once (test/hostile/bounded-memory.test.ts).
 */
let oversizeTurn: Promise<unknown> = Promise.resolve();
function inOversizeTurn<T>(send: () => Promise<T>): Promise<T> {
  const sent = oversizeTurn.then(send, send);
  // settled to nothing: the turn must not hold the last exchange (and its 2 MB body) for the rest of the run
  oversizeTurn = sent.then(
    () => undefined,
    () => undefined,
  );
  return sent;
}

endpoint('POST /contact', () => {
  check(
    'error.code.payload-too-large',
    `a ${LARGE_BODY_BYTES}-byte body, when answered 413, carries the code payload_too_large`,
    async (c) => {
      const base = withoutStage(contactCreateBody(c.faker, { stage: undefined, runId: c.runId }));
      const ex = await inOversizeTurn(() =>
        c.api.post('/contact', {
          attributes: { ...base.attributes, zz_conformance_padding: oversizePadding() },
        }),
      );
      const s = c.expect(ex).response.status;
      if (s !== 413) {
        c.observe(
          'payload-limit',
          `a ${LARGE_BODY_BYTES}-byte body answered HTTP ${s}, not 413 (the size limit is not shown)`,
        );
        return;
      }
      expectCode(c, ex, 'payload_too_large', { what: `a ${LARGE_BODY_BYTES}-byte contact create` });
    },
  );
});

// every other write with a body, from the operation table (suites/sweeps/request-bodies.ts): the
// padding an attribute no workspace has (or a top-level key no body states), on the run's real
// records, so a server that takes the size still refuses the body and changes nothing
for (const t of bodyTargets(OPERATIONS, 'oversize')) {
  endpoint(t.endpoint, () => {
    check(
      'error.code.payload-too-large',
      `${t.endpoint} with a ${OVERSIZE_BYTES}-byte body, when answered 413, carries the code payload_too_large`,
      async (c) => {
        const base = await t.base(c);
        const path = await t.path(c);
        const ex = await inOversizeTurn(() =>
          c.api.send(t.method, path, {
            json: bodyWith(t, base, { zz_conformance_padding: oversizePadding() }),
          }),
        );
        const s = c.expect(ex).response.status;
        if (s !== 413) {
          c.observe(
            'payload-limit',
            `a ${OVERSIZE_BYTES}-byte body answered HTTP ${s}, not 413 (the size limit is not shown)`,
          );
          return;
        }
        expectCode(c, ex, 'payload_too_large', { what: `a ${OVERSIZE_BYTES}-byte body to ${t.endpoint}` });
      },
    );
  });
}
