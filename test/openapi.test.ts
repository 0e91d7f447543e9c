import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../suites/spec/openapi.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { OPERATIONS } from '../suites/spec/operations.js';
import { apiOperationsOf } from '../suites/spec/api-operations.js';
import { ERROR_CODES, VALUE_TYPE_NAMES } from '../suites/spec/schemas/index.js';
import { runCliInProcess } from './support/in-process.js';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>; requestBody?: unknown }
    >
  >;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
};

describe('npx conformance openapi: the spec as an OpenAPI 3.1 document', () => {
  const doc = openApiDocument('test', apiOperationsOf(OPERATIONS)) as unknown as Doc;

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds every stated operation, and every endpoint the rule catalogue names', () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(operations).toEqual(Object.keys(OPERATIONS).sort());
    const named = new Set(
      Object.values(RULES)
        .flatMap((r) => r.endpoints)
        .filter((e) => /^(GET|POST|PATCH|PUT|DELETE) \//.test(e)),
    );
    for (const e of named) expect(operations, e).toContain(e);
  });

  it('has both security schemes, the error body with the code list as an enum, and every value type as a component', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['ApiKeyAuth', 'BearerAuth']);
    const error = doc.components.schemas['errors.error-body'] as { properties: { code: { enum: string[] } } };
    expect(error.properties.code.enum).toEqual([...ERROR_CODES]);
    for (const v of VALUE_TYPE_NAMES) expect(doc.components.schemas[`value-types.${v}`], v).toBeDefined();
    // every $ref points at a component of the document
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const r of refs) {
      const target = r.slice(8, -1);
      expect(target, r).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[target.slice('#/components/schemas/'.length)], r).toBeDefined();
    }
  });

  it('invents no shape where the spec shows none: DELETE answers carry no body schema, unstated statuses are 2XX', () => {
    expect(Object.keys(doc.paths['/contact']!['post']!.responses)).toEqual(['201', 'default']);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (`${method.toUpperCase()} ${path}` === 'POST /contact') continue;
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(['2XX', 'default']);
        if (method === 'delete') expect(op.responses['2XX']!.content, `${method} ${path}`).toBeUndefined();
      }
    }
    expect(
      doc.paths['/_schema/contact']!['get']!.responses['2XX']!.content!['application/json']!.schema.$ref,
    ).toBeUndefined();
  });

  it('is what the command prints', async () => {
    const r = await runCliInProcess(['openapi']);
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout) as { info: { description: string } };
    expect({ ...printed, info: undefined }).toEqual({
      ...(openApiDocument('x', apiOperationsOf(OPERATIONS)) as object),
      info: undefined,
    });
  });
});
