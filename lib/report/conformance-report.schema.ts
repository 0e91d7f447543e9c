/**
 * The JSON schema (draft 2020-12) of conformance.json: the published contract of the report.
 * Consumers may rely on every property listed as required; new optional properties may appear.
 * test/report-run.test.ts validates a real run's file against it.
 */
const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const headers = { type: 'object', additionalProperties: { type: 'string' } } as const;
const score = {
  type: 'object',
  required: ['passed', 'failed', 'blocked', 'total'],
  properties: { passed: int, failed: int, blocked: int, skipped: int, total: int },
} as const;
const blockedBy = {
  type: 'object',
  required: ['step', 'answer'],
  properties: { step: str, answer: str, fixture: str, rule: str },
} as const;

export const CONFORMANCE_REPORT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://github.com/public-records-api/conformance/conformance-report.schema.json',
  title: 'Public Records API v2 conformance report (conformance.json)',
  type: 'object',
  required: ['summary', 'run', 'certificate', 'blockers', 'checks', 'observations', 'observed', 'leftovers'],
  properties: {
    summary: {
      type: 'object',
      required: ['passed', 'failed', 'skipped', 'blocked', 'total'],
      properties: {
        passed: int,
        failed: int,
        skipped: int,
        blocked: int,
        notApplicable: int,
        total: int,
        mustFailed: int,
        strictFailed: int,
        shouldFailed: int,
        mustBlocked: int,
      },
    },
    run: {
      type: 'object',
      required: ['runId', 'target', 'startedAt', 'durationMs', 'suiteVersion', 'requestsSent', 'rateLimitRetries'],
      properties: {
        runId: str,
        target: str,
        embedded: { type: 'boolean' },
        seed: { type: 'integer' },
        startedAt: { type: 'string', format: 'date-time' },
        durationMs: int,
        suiteVersion: str,
        reading: { const: 'strict' },
        requestsSent: int,
        rateLimitRetries: int,
        fixturesCheckRequests: int,
        setupRequests: int,
        setupRequestsByKey: { type: 'object', additionalProperties: int },
        probeRequests: int,
        keptRecordsRequests: int,
        chain: int,
        concurrency: {
          type: 'object',
          required: ['configured', 'settled', 'lowest'],
          properties: {
            configured: int,
            start: int,
            settled: int,
            lowest: int,
            highest: int,
            path: {
              type: 'array',
              items: {
                type: 'object',
                required: ['atRequest', 'limit', 'why'],
                properties: { atRequest: int, limit: int, why: { enum: ['grew', '429', 'latency'] } },
              },
            },
          },
        },
        phases: { type: 'object', additionalProperties: int },
        interrupted: { enum: ['SIGINT', 'SIGTERM'] },
        stoppedBy: str,
        rateLimit: {
          type: 'object',
          required: ['pauses', 'waitedMs', 'longestWaitMs', 'maxWaitMs'],
          properties: {
            pauses: int,
            shed: int,
            waitedMs: int,
            longestWaitMs: int,
            maxWaitMs: int,
            quota: str,
            announced: {
              type: 'object',
              required: ['fields'],
              properties: {
                fields: { type: 'object', additionalProperties: str },
                limit: { type: 'number', minimum: 0 },
                windowS: { type: 'number', minimum: 0 },
                remaining: { type: 'number', minimum: 0 },
                resetS: { type: 'number', minimum: 0 },
              },
            },
            rate: str,
            ratePerSecond: { type: 'number', minimum: 0 },
            notes: { type: 'array', items: str },
          },
        },
        notSent: {
          type: 'array',
          items: {
            type: 'object',
            required: ['request', 'purpose', 'why'],
            properties: { request: str, purpose: str, why: str },
          },
        },
      },
    },
    // what the run cost the server, in requests (lib/report/request-counts.ts)
    requests: {
      type: 'object',
      required: ['total', 'probe', 'fixturesCheck', 'checks', 'setups', 'keptRecords', 'byGroup', 'byRule', 'bySetup'],
      properties: {
        total: int,
        probe: int,
        fixturesCheck: int,
        checks: int,
        setups: int,
        keptRecords: int,
        byGroup: { type: 'object', additionalProperties: int },
        byRule: { type: 'object', additionalProperties: int },
        bySetup: { type: 'object', additionalProperties: int },
      },
    },
    certificate: {
      type: 'object',
      required: [
        'suiteVersion',
        'specVersion',
        'target',
        'date',
        'verdict',
        'must',
        'should',
        'skipped',
        'fingerprint',
      ],
      properties: {
        suiteVersion: str,
        specVersion: { const: 'v2' },
        target: str,
        date: { type: 'string', format: 'date-time' },
        verdict: { enum: ['conforms', 'does not conform', 'incomplete'] },
        reading: { enum: ['default', 'strict'] },
        strictFailed: int,
        must: score,
        should: score,
        // how much of the MUST level the run tested: a MUST check skipped or blocked, a MUST rule the
        // selection left out, or an interruption makes the verdict `incomplete`
        completeness: {
          type: 'object',
          required: ['mustChecks', 'mustRan', 'mustSkipped', 'mustBlocked', 'mustRulesLeftOut', 'interrupted'],
          properties: {
            mustChecks: int,
            mustRan: int,
            mustSkipped: int,
            mustBlocked: int,
            mustNotApplicable: int,
            mustRulesLeftOut: int,
            interrupted: { type: 'boolean' },
          },
        },
        skipped: {
          type: 'array',
          items: { type: 'object', required: ['id', 'reason'], properties: { id: str, reason: str } },
        },
        // the MUST rules the run did not test, each with why: what certificate.json's rules give
        untested: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rule', 'outcome', 'why'],
            properties: { rule: str, outcome: str, why: str },
          },
        },
        // checks whose rule the server's legal choices leave nothing to judge: never incomplete
        notApplicable: {
          type: 'array',
          items: { type: 'object', required: ['id', 'reason'], properties: { id: str, reason: str } },
        },
        fingerprint: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      },
    },
    // each rule broken in one way, once, with the operations it showed at and what it took down
    rootCauses: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rule', 'level', 'operation', 'operations', 'expected', 'actual', 'exchanges', 'checks', 'blocked'],
        properties: {
          rule: str,
          level: str,
          operation: str,
          operations: { type: 'array', minItems: 1, items: str },
          reading: { const: 'strict' },
          expected: str,
          actual: str,
          problem: str,
          exchanges: int,
          checks: int,
          blocked: int,
          baselined: { type: 'boolean' },
        },
      },
    },
    // each set-up step that blocked checks, once: one cause, one finding
    blockers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['step', 'answer', 'checks'],
        properties: {
          step: str,
          answer: str,
          fixture: str,
          checks: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'level', 'title', 'group'],
              properties: { id: str, level: str, title: str, group: str },
            },
          },
        },
      },
    },
    checks: { type: 'array', items: { $ref: '#/$defs/check' } },
    observations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['check', 'title', 'topic', 'text'],
        properties: { check: str, title: str, topic: str, text: str },
      },
    },
    observed: {
      type: 'object',
      required: ['successStatuses', 'errorCodes'],
      properties: { successStatuses: { type: 'array' }, errorCodes: { type: 'array' } },
    },
    baseline: { type: 'object' },
    recordChanges: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'type', 'id', 'field', 'restored', 'how', 'foundBy'],
        properties: {
          key: str,
          type: str,
          id: str,
          field: str,
          before: {},
          after: {},
          restored: { type: 'boolean' },
          how: str,
          foundBy: str,
        },
      },
    },
    leftovers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'runId', 'createdAt'],
        properties: { id: str, type: str, runId: str, createdAt: str, reason: str },
      },
    },
  },
  $defs: {
    check: {
      type: 'object',
      required: ['id', 'level', 'status', 'title', 'endpoint', 'message', 'group', 'section', 'quote'],
      properties: {
        id: str,
        level: { enum: ['MUST', 'SHOULD'] },
        status: { enum: ['passed', 'failed', 'skipped', 'blocked', 'not applicable'] },
        title: str,
        endpoint: str,
        message: str,
        group: str,
        section: str,
        quote: str,
        expected: str,
        actual: str,
        reading: { const: 'strict' },
        violations: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rule', 'expected', 'actual'],
            properties: { rule: str, expected: str, actual: str },
          },
        },
        evidence: { type: 'array', items: { $ref: '#/$defs/exchange' } },
        observations: { type: 'array' },
        blockedBy,
        // a skipped check: the fixtures key or flag that would let it run (To complete this run)
        needs: {
          type: 'object',
          required: ['key', 'kind'],
          properties: { key: str, kind: { enum: ['missing', 'unusable', 'excluded'] }, problem: str },
        },
        baselined: { type: 'boolean' },
        // a failed or blocked check's records: archived when it ended (its reproducers may find them
        // gone), or kept in place by --keep-failing
        records: {
          type: 'object',
          required: ['archived', 'kept'],
          properties: {
            archived: {
              type: 'array',
              items: { type: 'object', required: ['type', 'id'], properties: { type: str, id: str } },
            },
            kept: {
              type: 'array',
              items: { type: 'object', required: ['type', 'id'], properties: { type: str, id: str } },
            },
          },
        },
        example: { type: 'object', required: ['key'], properties: { key: str } },
        knownAs: { type: 'object', required: ['reason'], properties: { reason: str, ticket: str, expires: str } },
        finding: {
          type: 'object',
          required: ['exchanges', 'checks'],
          properties: { exchanges: int, checks: { type: 'array', items: str } },
        },
        durationMs: { type: 'number', minimum: 0 },
        requests: int,
        chain: int,
        failedExchange: int,
        rerun: str,
      },
      // a failed or blocked check carries its evidence: the exchanges it made (none when it stopped
      // before sending); a blocked one also names the step that blocked it
      allOf: [
        {
          if: { properties: { status: { enum: ['failed', 'blocked'] } } },
          then: {
            required: ['evidence'],
            properties: {
              evidence: { type: 'array', items: { type: 'object', required: ['curl'], properties: { curl: str } } },
            },
          },
        },
        {
          if: { properties: { status: { const: 'failed' } } },
          then: { required: ['rerun'], properties: { rerun: str } },
        },
        {
          if: { properties: { status: { const: 'blocked' } } },
          then: { required: ['blockedBy'], properties: { blockedBy } },
        },
      ],
    },
    exchange: {
      type: 'object',
      required: ['request', 'ms', 'rateLimitRetries'],
      properties: {
        request: {
          type: 'object',
          required: ['method', 'url', 'headers'],
          properties: { method: str, url: str, headers, body: str },
        },
        response: {
          type: 'object',
          required: ['status', 'headers', 'text'],
          properties: { status: { type: 'integer' }, headers, text: str },
        },
        transportError: str,
        ms: { type: 'number', minimum: 0 },
        rateLimitRetries: int,
        // a failed or blocked check's exchanges: the request again as a curl command, keys as $VARIABLES
        curl: str,
      },
    },
  },
} as const;
