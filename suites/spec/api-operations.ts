import type { ApiOperation, PathParameter } from '../../lib/operations/api-operation.js';
import { parameterNames } from '../../lib/operations/operation-index.js';
import { isUuid } from '../../lib/http/under-base.js';
import { isApiName, isCustomObjectApiName } from './identifiers.js';
import { splitEndpoint, type AnyTable, type ParamKind } from './operation-row.js';

/** A domain name fit for a path segment: letters, digits, dots and hyphens, never a dot segment. */
const isDomainName = (v: string) => /^[A-Za-z0-9.-]{1,253}$/.test(v) && v !== '.' && v !== '..';

/** How the engine matches and trusts each kind of path parameter. */
function parameter(kind: ParamKind): PathParameter {
  if (kind.endsWith(' id')) return { kind, uuid: true, accepts: isUuid };
  switch (kind) {
    case 'custom-object api_name':
      return {
        kind,
        uuid: false,
        prefix: 'cus_obj__',
        accepts: isCustomObjectApiName,
        description:
          'The full api_name of a custom object, including the cus_obj__ prefix (GET /_organization_schema_summary lists them).',
      };
    case 'relationship api_name':
      return { kind, uuid: false, accepts: isApiName, description: 'A relationship api_name of the workspace.' };
    default:
      return { kind, uuid: false, accepts: isDomainName, description: 'A domain of the account.' };
  }
}

/** The table as the engine takes it (lib/operations): what bin/main.ts hands in. */
export function apiOperationsOf(table: AnyTable): ApiOperation[] {
  return Object.entries(table).map(([endpoint, row]) => {
    const { method, template } = splitEndpoint(endpoint);
    const params: Record<string, PathParameter> = {};
    for (const name of parameterNames(template)) {
      const kind = row.params[name];
      if (kind === undefined) throw new Error(`${endpoint}: no kind for {${name}}`);
      params[name] = parameter(kind);
    }
    return {
      endpoint,
      method,
      template,
      params,
      summary: row.summary,
      query: row.query ?? [],
      request: row.request,
      success: row.success,
      creates: row.creates,
      wronglyAccepted: row.wronglyAccepted,
      fixtures: row.fixtures,
    };
  });
}
