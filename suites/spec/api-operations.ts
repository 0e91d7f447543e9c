import type { ApiOperation, Made, PathParameter } from '../../lib/operations/api-operation.js';
import { OperationIndex, parameterNames } from '../../lib/operations/operation-index.js';
import { isUuid } from '../../lib/http/under-base.js';
import { isApiName, isCustomObjectApiName } from './identifiers.js';
import { splitEndpoint, type AnyTable, type ParamKind } from './operation-row.js';
import { OPERATIONS } from './operations.js';

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

/** The record a create's `{ data: record }` answer names: its id, record_type and created_at. */
function recordMade(answer: unknown): Made | undefined {
  const data = (answer as { data?: { id?: unknown; record_type?: unknown; created_at?: unknown } } | undefined)?.data;
  if (!data || typeof data !== 'object' || typeof data.id !== 'string') return undefined;
  return {
    id: data.id,
    ...(typeof data.record_type === 'string' ? { recordType: data.record_type } : {}),
    ...(typeof data.created_at === 'string' ? { createdAt: data.created_at } : {}),
  };
}

/** The target of the edge a link made: the answer's relationship item's, else the request body's. */
function edgeMade(answer: unknown, requestBody: unknown): Made | undefined {
  const fromItem = (answer as { item?: { related_record_id?: unknown } } | undefined)?.item?.related_record_id;
  const fromBody = (requestBody as { related_record_id?: unknown } | undefined)?.related_record_id;
  const target = typeof fromItem === 'string' ? fromItem : typeof fromBody === 'string' ? fromBody : undefined;
  return target === undefined ? undefined : { id: target };
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
      creates: row.creates && { ...row.creates, made: row.creates.what === 'edge' ? edgeMade : recordMade },
      wronglyAccepted: row.wronglyAccepted,
      fixtures: row.fixtures,
    };
  });
}

/** The spec's operation table as the engine indexes it: the Spec's `operations` (bin/public-records-api.ts). */
export const STATED_OPERATIONS = new OperationIndex(apiOperationsOf(OPERATIONS));
