import { Ajv2020 } from 'ajv/dist/2020.js';
import { _, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ALL_SCHEMAS } from './all.js';
import { ISO8601_TIMESTAMP, iso8601TimestampFormat } from './formats.js';
import { SCHEMA_IDS, idTail, schemaUri } from './ids.js';
import { compiledCache } from './compiled-cache.js';
import type { RecordKind, SchemaId } from './ids.js';

export type { RecordKind, SchemaId } from './ids.js';
export { RECORD_KINDS, SCHEMA_IDS, VALUE_TYPE_NAMES } from './ids.js';
export type { ValueTypeName } from './ids.js';
export { ERROR_CODES } from './errors/codes.js';
export type { ErrorCode } from './errors/codes.js';

/**
 * One schema violation: `path` is the JSON Pointer of the offending value ('' = root); `message` says
 * what is wrong in words; `schemaPath` is where in the suite's schemas the rule sits (for the suite's
 * developers: a reader of a report has no use for a `https://pra.invalid/…` name, so no message carries it).
 */
export interface SchemaProblem {
  path: string;
  message: string;
  schemaPath?: string;
  /** the schema keyword it broke (`type`, `required`, `format`, …) and its parameters, for the words of a report */
  keyword?: string;
  params?: Record<string, unknown>;
}

// ajv-formats is CommonJS; under nodenext its default import is module.exports, whose
// `.default` is the same plugin function.
const addFormats = addFormatsModule.default;

// the formats the schemas name; the generated code reads them from this object (code.formats)
const FORMATS = {
  uuid: addFormats.get('uuid'),
  uri: addFormats.get('uri'),
  [ISO8601_TIMESTAMP]: iso8601TimestampFormat,
};
const OPTIONS = { strict: true, allErrors: true, allowUnionTypes: true } as const;

const byId = new Map<SchemaId, SchemaObject>();
for (const schema of ALL_SCHEMAS) {
  const id = idTail(schema.$id);
  if (id === undefined) throw new Error(`schema $id not in SCHEMA_IDS: ${schema.$id}`);
  if (byId.has(id)) throw new Error(`duplicate schema $id: ${schema.$id}`);
  byId.set(id, schema);
}
const unregistered = SCHEMA_IDS.filter((id) => !byId.has(id));
if (unregistered.length > 0) throw new Error(`no schema registered for: ${unregistered.join(', ')}`);

// the code ajv generated for these schemas in an earlier process, when it was kept (./compiled-cache.ts)
const cache = compiledCache({ OPTIONS, formats: Object.keys(FORMATS), schemas: ALL_SCHEMAS }, FORMATS);
let ajv: Ajv2020 | undefined;

/** The compiler, made only when a schema has no kept code: its meta-schema alone takes a third of a second. */
function compiler(): Ajv2020 {
  if (ajv === undefined) {
    // code.source and code.formats: the generated code can be kept, reading its formats from FORMATS
    ajv = new Ajv2020({ ...OPTIONS, code: { source: true, formats: _`formats` } });
    addFormats(ajv, ['uuid', 'uri']);
    ajv.addFormat(ISO8601_TIMESTAMP, iso8601TimestampFormat);
    for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
    // the first validation of a process with nothing kept compiles them all, and keeps the code
    cache.keep(ajv, SCHEMA_IDS.map(schemaUri));
  }
  return ajv;
}

const compiled = new Map<SchemaId, ValidateFunction>();

function validatorFor(id: SchemaId): ValidateFunction {
  let fn = compiled.get(id);
  if (fn === undefined) {
    fn = cache.validators?.[schemaUri(id)] ?? compiler().getSchema(schemaUri(id));
    if (fn === undefined) throw new Error(`schema not registered: ${id}`);
    compiled.set(id, fn);
  }
  return fn;
}

function describeError(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required':
      return `must have required property '${String(p['missingProperty'])}'`;
    case 'additionalProperties':
      return `must NOT have additional property '${String(p['additionalProperty'])}'`;
    case 'const':
      return `must be equal to constant ${JSON.stringify(p['allowedValue'])}`;
    case 'enum':
      return `must be one of ${JSON.stringify(p['allowedValues'])}`;
    default:
      return err.message ?? err.keyword;
  }
}

/** Validate `data` against a registered schema. An empty array means valid. */
export function validate(id: SchemaId, data: unknown): SchemaProblem[] {
  const fn = validatorFor(id);
  if (fn(data)) return [];
  return (fn.errors ?? []).map((err) => ({
    path: err.instancePath,
    message: describeError(err),
    schemaPath: err.schemaPath,
    keyword: err.keyword,
    params: err.params as Record<string, unknown>,
  }));
}

/** Validate a single-record response body `{ data: <record of this kind> }`; paths start at the body root. */
export function validateSingle(kind: RecordKind, body: unknown): SchemaProblem[] {
  return validate(`envelopes/single/${kind}`, body);
}

/** The raw schema object registered under `id` (for the OpenAPI export). Do not mutate it. */
export function schemaFor(id: SchemaId): SchemaObject {
  const schema = byId.get(id);
  if (schema === undefined) throw new Error(`schema not registered: ${id}`);
  return schema;
}

/** Compile every registered schema now (a missing $ref or a strict-mode error throws). */
export function compileAll(): void {
  for (const id of SCHEMA_IDS) validatorFor(id);
}
