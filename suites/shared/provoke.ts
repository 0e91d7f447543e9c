import { requiredCreateAttributes } from '../../lib/steps/contact.js';
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { contactCreateBody } from '../../builders/contact.js';
import type { RuleId } from '../../lib/rules/catalogue.js';

/** A request the spec says must fail, a name for it, and the rule whose checks judge that it fails. */
export interface Provocation {
  what: string;
  send: (c: CheckContext) => Promise<Exchange>;
  judgedBy: RuleId;
}

/** Errors every server can be made to answer, whatever its workspace: the error-family checks run on each. */
export const PROVOCATIONS: readonly Provocation[] = [
  {
    what: 'a contact id that names no record',
    send: (c) => c.api.get(`/contact/${randomUUID()}`),
    judgedBy: 'error.record-not-found',
  },
  {
    what: 'no Authorization header',
    send: (c) => c.api.get(`/contact/${randomUUID()}`, { auth: 'none' }),
    judgedBy: 'auth.missing-401',
  },
  {
    what: 'an unknown API key',
    judgedBy: 'auth.invalid-key',
    send: (c) =>
      c.api.get(`/contact/${randomUUID()}`, {
        auth: { raw: `Bearer pra_conformance_unknown_${c.faker.string.alphanumeric(20)}` },
      }),
  },
  {
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
          zz_conformance_unknown: 'x',
        },
      }),
  },
  {
    what: 'a malformed JSON body',
    judgedBy: 'media.malformed-json',
    send: (c) => c.api.send('POST', '/contact', { body: '{"attributes": {', contentType: 'application/json' }),
  },
  {
    what: 'a task patch with empty attributes',
    judgedBy: 'task.patch.empty-attributes-422',
    send: (c) => c.api.patch(`/task/${c.fixtures.taskIds?.[0] ?? randomUUID()}`, { attributes: {} }),
  },
  {
    what: 'a path id that is not a uuid',
    send: (c) => c.api.get('/contact/not-a-uuid'),
    judgedBy: 'robustness.no-5xx',
  },
];
