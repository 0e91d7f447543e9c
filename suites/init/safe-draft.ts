import { FIXTURES_SCHEMA } from '../../fixtures/fixtures-file.schema.js';
import { fixturesSchemaErrors } from '../../lib/config/fixtures-file.js';
import { shortText } from '../../lib/util/short-text.js';
import type { Draft } from './draft.js';

/**
 * The boundary between discovery answers and the fixtures file: every value the draft took from the
 * server is checked against the fixtures file's schema (a custom object's api_name or a relationship
 * api_name must be a safe identifier: suites/spec/identifiers.ts; an id a uuid), and one that breaks
 * it is left out of the file and named, never written: a run would put it into request paths.
 */
export function withoutUnsafeValues(draft: Draft): Draft {
  const fixtures = structuredClone(draft.fixtures);
  const notRead = [...draft.notRead];
  const dropped: string[] = [];
  for (let round = 0; round < 8; round++) {
    const errors = fixturesSchemaErrors(fixtures, FIXTURES_SCHEMA);
    const first = errors.find((e) => e.pointer !== '');
    if (first === undefined) break;
    const keys = first.pointer.split('/').slice(1);
    const last = keys.pop()!;
    let parent: unknown = fixtures;
    for (const k of keys) parent = (parent as Record<string, unknown>)[k];
    if (!parent || typeof parent !== 'object') break;
    const value = (parent as Record<string, unknown>)[last];
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, unknown>)[last];
    const key = [...keys, last].join('.');
    dropped.push(key);
    const shown = typeof value === 'string' ? shortText(value, 120) : 'its value';
    notRead.push(`${key}: the server's value ${shown} is not a safe identifier (${first.message}); left out`);
  }
  // a custom object whose api_name is refused is no custom object to test: its match field goes too
  if (dropped.includes('customObject.apiName')) {
    delete fixtures.customObject;
    dropped.push('customObject.matchField');
  }
  const found = draft.found.filter((line) => !dropped.some((k) => line.startsWith(`${k} `)));
  return { ...draft, fixtures, found, notRead };
}
