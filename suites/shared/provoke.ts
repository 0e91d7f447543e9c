import { requiredCreateAttributes } from '../steps/contact.js';
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { contactCreateBody, withoutStage } from '../../fixtures/builders/contact.js';
import type { RuleId } from '../spec/rules/catalogue.js';

/** A request the spec says must fail, a name for it, and the rule whose checks judge that it fails. */
export interface Provocation {
  what: string;
  send: (c: CheckContext) => Promise<Exchange>;
  judgedBy: RuleId;
}

/** The attribute no workspace has that the unknown-attribute provocation sends (its answer must name it). */
export const UNKNOWN_ATTRIBUTE = 'zz_conformance_unknown';

/** The path of the not-a-uuid provocation: a contact read whose id is not a uuid. */
export const NOT_UUID_PATH = '/contact/not-a-uuid';

/** The body of the malformed-JSON provocation: a truncated object. */
export const TRUNCATED_JSON = '{"attributes": {"first_name": "Trunc';

/** Errors every server can be made to answer, whatever its workspace: the error-family checks run on each. */
export const PROVOKE = {
  noRecord: {
    what: 'a contact id that names no record',
    send: (c) => c.api.get(`/contact/${randomUUID()}`),
    judgedBy: 'error.record-not-found',
  },
  noAuthorization: {
    what: 'no Authorization header',
    send: (c) => c.api.get(`/contact/${randomUUID()}`, { auth: 'none' }),
    judgedBy: 'auth.missing-401',
  },
  unknownKey: {
    what: 'an unknown API key',
    judgedBy: 'auth.invalid-key',
    send: (c) =>
      c.api.get(`/contact/${randomUUID()}`, {
        auth: { raw: `Bearer pra_conformance_unknown_${c.faker.string.alphanumeric(20)}` },
      }),
  },
  unknownAttribute: {
    what: 'an unknown attribute on contact create',
    judgedBy: 'contact.unknown-field',
    // with the fixtures' stage when there is one (the unknown attribute is then the only problem); never a guessed one
    send: (c) =>
      c.api.post('/contact', {
        attributes: {
          ...contactCreateBody(c.faker, {
            stage: c.fixtures.contact?.stage,
            runId: c.runId,
            required: requiredCreateAttributes(c),
          }).attributes,
          [UNKNOWN_ATTRIBUTE]: 'x',
        },
      }),
  },
  noStage: {
    what: 'a contact create without stage',
    judgedBy: 'contact.create.stage-required',
    // only the stage left out: the fixtures' required attributes are sent as given
    send: (c) =>
      c.api.post(
        '/contact',
        withoutStage(
          contactCreateBody(c.faker, { stage: undefined, runId: c.runId, required: requiredCreateAttributes(c) }),
        ),
      ),
  },
  malformedJson: {
    what: 'a malformed JSON body',
    judgedBy: 'media.malformed-json',
    send: (c) => c.api.send('POST', '/contact', { body: TRUNCATED_JSON, contentType: 'application/json' }),
  },
  emptyTaskPatch: {
    what: 'a task patch with empty attributes',
    judgedBy: 'task.patch.empty-attributes-422',
    send: (c) => c.api.patch(`/task/${c.fixtures.taskIds?.[0] ?? randomUUID()}`, { attributes: {} }),
  },
  notUuid: {
    what: 'a path id that is not a uuid',
    send: (c) => c.api.get(NOT_UUID_PATH),
    judgedBy: 'robustness.no-5xx',
  },
} satisfies Record<string, Provocation>;

export const PROVOCATIONS: readonly Provocation[] = Object.values(PROVOKE);

/**
 * The answer to a provocation: sent once per run (a run-scoped set-up, lib/runner/run-setups.ts) and
 * judged by each check of it under its own rule: the error-body rules, and the rule of the request
 * itself (judgedBy), so one request serves them all.
 */
export function provoked(c: CheckContext, p: Provocation): Promise<Exchange> {
  return c.shared(`errors: the answer to ${p.what}`, (s) => p.send(s));
}
