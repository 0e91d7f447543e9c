import { ALL_SCHEMAS } from './schemas/all.js';
import { SCHEMA_BASE, VALUE_TYPE_NAMES, idTail, type SchemaId } from './schemas/ids.js';
import { ERROR_CODES } from './schemas/errors/codes.js';
import type { ApiOperation, PathParameter } from '../../lib/operations/api-operation.js';

/** A schema id as a component name: `value-types/string` → `value-types.string`. */
export function componentName(id: SchemaId): string {
  return id.replace(/\//g, '.');
}

const componentRef = (id: SchemaId) => ({ $ref: `#/components/schemas/${componentName(id)}` });

/**
 * One of our JSON schemas as an OpenAPI 3.1 component: the same schema, with each `$ref` to another
 * of ours pointed at its component and its `$id` dropped (a component with an `$id` would resolve
 * `#/components/…` against that id). Its `$comment`, which cites the spec, becomes its description.
 */
function asComponent(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asComponent);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$id') continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith(SCHEMA_BASE)) {
      const id = idTail(v);
      if (id === undefined) throw new Error(`unknown schema ref ${v}`);
      out[k] = componentRef(id).$ref;
      continue;
    }
    if (k === '$comment' && typeof v === 'string' && !('description' in schema)) {
      out['description'] = v;
      continue;
    }
    out[k] = asComponent(v);
  }
  return out;
}

/** A schema id of ours, checked: the operation table names them by string. */
function schemaId(id: string, where: string): SchemaId {
  const known = idTail(`${SCHEMA_BASE}${id}`);
  if (known === undefined) throw new Error(`${where}: no schema ${id} (suites/spec/schemas)`);
  return known;
}

function pathParameters(params: Readonly<Record<string, PathParameter>>): unknown[] {
  return Object.entries(params).map(([name, p]) => {
    // "Path parameters named *_id are uuid strings"
    const schema = p.uuid
      ? componentRef('defs/uuid')
      : p.prefix !== undefined
        ? { type: 'string', pattern: `^${p.prefix}` }
        : { type: 'string' };
    return {
      name,
      in: 'path',
      required: true,
      schema,
      ...(p.description !== undefined ? { description: p.description } : {}),
    };
  });
}

function operationObject(op: ApiOperation): unknown {
  const success: Record<string, unknown> = { description: op.success.description };
  if (op.success.schema === 'unshown') {
    // a DELETE's body is not shown at all; a discovery read answers JSON of a shape not shown
    if (op.method !== 'DELETE')
      success['content'] = { 'application/json': { schema: { description: 'not shown in the spec' } } };
  } else {
    success['content'] = { 'application/json': { schema: componentRef(schemaId(op.success.schema, op.endpoint)) } };
  }
  return {
    operationId: operationId(op.endpoint),
    summary: op.summary,
    parameters: [
      ...pathParameters(op.params),
      ...op.query.map((q) => ({
        name: q.name,
        in: 'query',
        required: false,
        schema: q.schema,
        description: q.description,
      })),
    ],
    ...(op.request !== null
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: componentRef(schemaId(op.request, op.endpoint)) } },
          },
        }
      : {}),
    responses: {
      [op.success.status]: success,
      default: {
        description:
          'Every error response has the error body. Statuses documented: 400 validation, 401 unauthenticated, 403 forbidden, 404 not found, 405 method not allowed, 406 not acceptable, 409 conflict, 413 payload too large, 415 unsupported media type, 422 unprocessable, 429 rate limited, 500 internal error.',
        content: { 'application/json': { schema: componentRef('errors/error-body') } },
      },
    },
  };
}

/** `POST /contact/{contact_id}/relationship/{api_name}` → `postContactRelationship`. */
function operationId(endpoint: string): string {
  const [method, template] = endpoint.split(' ') as [string, string];
  const words = template
    .split('/')
    .filter((s) => s && !s.startsWith('{'))
    .flatMap((s) => s.split(/[^a-zA-Z0-9]+/))
    .filter(Boolean);
  const named = template.includes('{custom_object_api_name}') ? ['customObject', ...words] : words;
  const byId = /\}$/.test(template) && method === 'GET' ? ['ById'] : [];
  return method.toLowerCase() + [...named, ...byId].map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * The spec as an OpenAPI 3.1 document, from the schemas the checks validate against: every stated
 * operation (the operation table, suites/spec/operations.ts), both security schemes, the error body
 * (its code list an enum) and every value type as a component. Where the spec says "not shown" the
 * document says so and invents no shape.
 */
export function openApiDocument(version: string, operations: readonly ApiOperation[]): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const schema of ALL_SCHEMAS) {
    const id = idTail(schema.$id);
    if (id === undefined) throw new Error(`schema $id not ours: ${schema.$id}`);
    schemas[componentName(id)] = asComponent(schema);
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.template] ??= {};
    paths[op.template]![op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Records API',
      version: 'v2',
      description: `Generated by public-records-api-conformance ${version} from the JSON schemas its checks validate against. Value types are the components named value-types.*; the error codes are the enum of errors.error-body's code (${ERROR_CODES.length} codes). Where the spec says "not shown" (most success statuses, DELETE bodies, discovery shapes), this document says so and uses 2XX and default ranges.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // "carried in the base path /api/v2/public"; the host is the deployment's
    servers: [{ url: '/api/v2/public', description: "The base path; the server's host is not shown." }],
    security: [{ BearerAuth: [] }, { ApiKeyAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        BearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <API_KEY>, an API key issued to the caller.',
        },
        ApiKeyAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'Satisfied by the same header, Authorization: Bearer <API_KEY>. A separate header for ApiKeyAuth is not shown.',
        },
      },
      schemas,
    },
    'x-value-types': VALUE_TYPE_NAMES.map((n) => componentRef(`value-types/${n}`).$ref),
  };
}
