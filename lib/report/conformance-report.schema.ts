/**
 * The JSON schema (draft 2020-12) of conformance.json: the published contract of the report.
 * Consumers may rely on every property listed as required; new optional properties may appear.
 * test/report-files.test.ts validates a real run's file against it.
 */
const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const headers = { type: 'object', additionalProperties: { type: 'string' } } as const;
const score = { type: 'object', required: ['passed', 'total'], properties: { passed: int, total: int } } as const;

export const CONFORMANCE_REPORT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://github.com/public-records-api/conformance/conformance-report.schema.json',
  title: 'Public Records API v2 conformance report (conformance.json)',
  type: 'object',
  required: ['summary', 'run', 'certificate', 'checks', 'observations', 'observed', 'leftovers'],
  properties: {
    summary: {
      type: 'object',
      required: ['passed', 'failed', 'skipped', 'total'],
      properties: { passed: int, failed: int, skipped: int, total: int, mustFailed: int, shouldFailed: int },
    },
    run: {
      type: 'object',
      required: ['runId', 'target', 'startedAt', 'durationMs', 'suiteVersion', 'requestsSent', 'rateLimitRetries'],
      properties: {
        runId: str, target: str, embedded: { type: 'boolean' }, seed: { type: 'integer' },
        startedAt: { type: 'string', format: 'date-time' }, durationMs: int, suiteVersion: str,
        requestsSent: int, rateLimitRetries: int,
      },
    },
    certificate: {
      type: 'object',
      required: ['suiteVersion', 'specVersion', 'target', 'date', 'verdict', 'must', 'should', 'skipped', 'fingerprint'],
      properties: {
        suiteVersion: str, specVersion: { const: 'v2' }, target: str, date: { type: 'string', format: 'date-time' },
        verdict: { enum: ['conforms', 'does not conform'] },
        must: score, should: score,
        skipped: { type: 'array', items: { type: 'object', required: ['id', 'reason'], properties: { id: str, reason: str } } },
        fingerprint: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      },
    },
    checks: { type: 'array', items: { $ref: '#/$defs/check' } },
    observations: {
      type: 'array',
      items: { type: 'object', required: ['check', 'title', 'topic', 'text'], properties: { check: str, title: str, topic: str, text: str } },
    },
    observed: { type: 'object', required: ['successStatuses', 'errorCodes'], properties: { successStatuses: { type: 'array' }, errorCodes: { type: 'array' } } },
    baseline: { type: 'object' },
    leftovers: {
      type: 'array',
      items: { type: 'object', required: ['id', 'type', 'runId', 'createdAt'], properties: { id: str, type: str, runId: str, createdAt: str, reason: str } },
    },
  },
  $defs: {
    check: {
      type: 'object',
      required: ['id', 'level', 'status', 'title', 'endpoint', 'message', 'group', 'section', 'quote'],
      properties: {
        id: str, level: { enum: ['MUST', 'SHOULD'] }, status: { enum: ['passed', 'failed', 'skipped'] },
        title: str, endpoint: str, message: str, group: str, section: str, quote: str,
        expected: str, actual: str,
        violations: { type: 'array', items: { type: 'object', required: ['rule', 'expected', 'actual'], properties: { rule: str, expected: str, actual: str } } },
        evidence: { type: 'array', items: { $ref: '#/$defs/exchange' } },
        observations: { type: 'array' },
        blocked: { type: 'boolean' },
        baselined: { type: 'boolean' },
        durationMs: { type: 'number', minimum: 0 },
      },
      // a failed check carries its evidence: the exchanges it made (none when it failed before sending)
      if: { properties: { status: { const: 'failed' } } },
      then: { required: ['evidence'], properties: { evidence: { type: 'array' } } },
    },
    exchange: {
      type: 'object',
      required: ['request', 'ms', 'rateLimitRetries'],
      properties: {
        request: { type: 'object', required: ['method', 'url', 'headers'], properties: { method: str, url: str, headers, body: str } },
        response: { type: 'object', required: ['status', 'headers', 'text'], properties: { status: { type: 'integer' }, headers, text: str } },
        transportError: str,
        ms: { type: 'number', minimum: 0 },
        rateLimitRetries: int,
      },
    },
  },
} as const;
