import type { Fixtures } from '../../fixtures/fixtures-file.js';
import { isApiName, isCustomObjectApiName } from '../spec/identifiers.js';
import { attributesIn } from './custom-objects.js';
import type { Answer } from './draft.js';

/** A uuid no record has: a read of it tells an unknown api_name (unknown_…) from an unknown record. */
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

/**
 * Each drafted value the API can confirm, confirmed with a read (init sends reads only): the custom
 * object's sample attributes by its schema; the custom object's relationship by a read of it on a
 * record that does not exist (a server that knows the api_name answers record_not_found, one that
 * does not an unknown_… code); the others said unconfirmed, with why. One line each, `✓` or `?`.
 */
export async function confirmations(
  fixtures: Fixtures,
  read: (p: string) => Promise<Answer>,
  customObjectSchema: Answer | undefined,
): Promise<string[]> {
  const out: string[] = [];
  const co = fixtures.customObject?.apiName;
  const schemaRead = `GET /_schema/${co ?? '…'}`;
  const listed = customObjectSchema && 'json' in customObjectSchema ? attributesIn(customObjectSchema.json) : [];
  for (const name of Object.keys(fixtures.customObject?.attributes ?? {})) {
    const key = `customObject.attributes.${name}`;
    if (listed.some((a) => a.apiName === name)) out.push(`✓ ${key}: confirmed, ${schemaRead} lists it`);
    else
      out.push(
        `? ${key}: unconfirmed, ${customObjectSchema && 'problem' in customObjectSchema ? customObjectSchema.problem : `${schemaRead} does not list it`}`,
      );
  }
  for (const [k, name] of Object.entries(fixtures.relationships ?? {})) {
    const key = `relationships.${k}`;
    if (k === 'customObject' && isCustomObjectApiName(co) && isApiName(name)) {
      const p = `/${co}/${NO_RECORD}/relationship/${name}`;
      const a = await read(p);
      if ('json' in a || /record_not_found/.test(a.problem))
        out.push(`✓ ${key}: confirmed, GET ${p} (no such record) answered as for a known api_name`);
      else out.push(`? ${key}: unconfirmed, ${a.problem}: check it against the workspace`);
      continue;
    }
    out.push(`? ${key}: unconfirmed, no read the spec states takes it without a record; the run's first use tells`);
  }
  return out;
}
