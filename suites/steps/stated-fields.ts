import type { CheckContext } from '../../lib/check/context.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { uniqueEmail } from '../../fixtures/builders/unique.js';
import { STATED_ATTRIBUTES, type AttributeWrite } from '../spec/write-attributes.js';

/**
 * A fresh value of each text attribute the spec states on a write (suites/spec/write-attributes.ts),
 * each in its envelope `{ value_type, value }`: an email unique to the run, other texts tagged with the
 * run id (short enough for a server that caps names). Attributes of other value types are left out.
 */
export function envelopedStatedTexts(
  c: CheckContext,
  endpoint: AttributeWrite,
): Record<string, { value_type: string; value: string }> {
  const stated = STATED_ATTRIBUTES[endpoint];
  const out: Record<string, { value_type: string; value: string }> = {};
  if (stated === 'workspace') return out;
  for (const [name, type] of Object.entries(stated)) {
    if (type === 'email') out[name] = { value_type: type, value: uniqueEmail(c.faker, c.runId) };
    else if (type === 'string')
      out[name] = { value_type: type, value: tagged(`Env ${c.faker.string.alphanumeric(6)}`, c.runId) };
  }
  return out;
}
