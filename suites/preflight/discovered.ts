import type { Preflight } from '../../lib/check/preflight.js';
import type { FixtureCheck } from './fixture-findings.js';
import { nonEmptyString, objectsIn } from './json-walk.js';
import { inRelationships, relationshipsIn } from './relationships-listed.js';

const SUMMARY = '/_organization_schema_summary';

/**
 * The discovery reads the fixtures check adds to the schemas the required create fields are read
 * from: the summary and the custom object's own schema, when the fixtures name a relationship or a
 * custom object (their answers also serve the discovery checks: `preflight.reads`).
 */
export async function discoveryReads({ api, target }: FixtureCheck): Promise<void> {
  const f = target.fixtures;
  if (f.relationships === undefined && f.customObject?.apiName === undefined) return;
  const co = f.customObject?.apiName;
  await Promise.all([api.get(SUMMARY), ...(co !== undefined ? [api.get(`/_schema/${co}`)] : [])]);
}

/**
 * What the discovery answers read with organization A's key list (a 2xx JSON answer each): the
 * relationships in a collection of relationships, with the types they lead from and to, and the
 * custom objects' api_names (any value starting `cus_obj__` outside a relationship). Absent when
 * none of them was read.
 */
export function discoveredOf(preflight: Preflight, customObject?: string): Preflight['discovered'] {
  const paths = ['/_schema/contact', '/_schema/opportunity', '/_schema/account', SUMMARY];
  if (customObject !== undefined) paths.push(`/_schema/${customObject}`);
  const bodies = paths.flatMap((p) => {
    const r = preflight.reads?.[p]?.ex.response;
    return r !== undefined && r.status >= 200 && r.status <= 299 && r.json !== undefined ? [{ p, json: r.json }] : [];
  });
  if (bodies.length === 0) return undefined;
  const relationships = bodies.flatMap(({ p, json }) =>
    relationshipsIn(json).map((r) => ({ ...r, ownerType: r.ownerType ?? p.replace('/_schema/', '') })),
  );
  const customObjects = new Set<string>();
  for (const { json } of bodies)
    for (const { node, keys } of objectsIn(json))
      if (!inRelationships(keys))
        for (const v of Object.values(node)) if (nonEmptyString(v) && v.startsWith('cus_obj__')) customObjects.add(v);
  const names = [...new Set([...relationships.map((r) => r.apiName), ...customObjects])];
  return { relationships, customObjects: [...customObjects], names };
}
