import { SETTINGS, type Setting } from '../config/settings.js';

export function helpText(): string {
  // a flag that takes no value is shown bare (it also takes --flag=true or --flag=false)
  const shown = (s: Setting) =>
    s.kind === 'boolean' ? s.flag : `${s.flag} ${s.flag === 'fixtures' ? 'FILE' : 'VALUE'}`;
  const rows = Object.values(SETTINGS).map(
    (s: Setting) => `  --${shown(s).padEnd(28)} ${s.env.padEnd(32)} ${s.doc.replace(/`/g, '')}`,
  );
  return [
    'Conformance suite for the Public Records API v2',
    '',
    'Usage:',
    '  npx conformance [options]          run the suite (no --base-url: against the embedded reference server)',
    "  npx conformance init --base-url URL --api-key KEY [--other-org-api-key KEY] [--out FILE]   draft a fixtures file from the server's own discovery answers (reads only)",
    '  npx conformance serve [--port N]   start the reference server alone; prints its URL, keys and fixtures',
    '  npx conformance --version          print the suite and spec versions',
    '  npx conformance rules              print the rule catalogue and the points the spec leaves open',
    '  npx conformance rules --statements every normative statement of the spec with the rules checking it',
    '  npx conformance openapi            print the spec as an OpenAPI 3.1 document (from the schemas the checks use)',
    '  npx conformance --list [options]   print the checks a run would register (honours --only, --skip, --level, --shard); sends nothing',
    '  npx conformance merge DIR…         merge --shard report folders into --report-dir; exit status as one run (honours --baseline)',
    '  npx conformance diff OLD NEW       what changed between two runs (report folders or conformance.json files): writes diff.md (--out FILE); exit 1 on a regression',
    '  npx conformance cleanup --ledger FILE   archive what a killed run left behind (needs --base-url and --api-key as a run)',
    '  npx conformance coverage [--json] [--report-dir DIR]   the traceability map: each spec statement with its rules, checks and (given a report folder) their outcome; open points with their variations',
    '  npx conformance matrix DIR… [--out matrix.html]   report folders side by side, rule by rule (writes matrix.html and matrix.json)',
    '  npx conformance verify-certificate FILE [--public-key PEM] [--require conforms|complete]   is a certificate.json genuine (digest, signature, catalogue), and what did its run find (verdict, MUST rules failed, not tested and why); exit 0 genuine, 1 not genuine or short of --require, 2 unreadable',
    '',
    'Options (flag > environment > fixtures file > default; .env in the working directory is read; a flag shown',
    'without VALUE takes none, or =true / =false: --strict=false):',
    ...rows,
    '',
    'Embedded reference server only:',
    '  --profile default|alternate       alternate: a conforming server that chose differently where the spec is silent',
    '  --stated-routes-only              serve only the routes the spec states',
    '  --fault NAME                      inject one deviation (repeatable)',
    '  --variation NAME                  make one legal choice the default does not (repeatable; serve --list-variations)',
    '  --rate-limit-every N              answer every Nth request 429',
    '  --latency-ms N                    delay every response',
    '  --quota-bucket RATE:BURST         meter every request: a token bucket of RATE a second, BURST at most at once (e.g. 10:20)',
    '  --quota-window LIMIT:SECONDS      meter every request: LIMIT per fixed window of SECONDS (e.g. 600:60)',
    '  --retry-after seconds|date|none   how a quota 429 says when to come back (default seconds)',
    '  --quota-headers none|ratelimit|x-ratelimit   the quota fields every answer carries (IETF draft RateLimit, or X-RateLimit-*)',
    '  --sparse-fixtures                 hand out (serve) and run with the sparse fixtures a typical user writes',
    '',
    'Exit status: 0 no MUST-level deviation outside the --baseline and none blocked · 1 a new MUST-level deviation, an incomplete run (a MUST-level check blocked), or a stale or expired baseline entry · 2 the run could not be made',
  ].join('\n');
}
