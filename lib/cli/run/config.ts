import type { KeyObject } from 'node:crypto';
import { environment, resolveConfig, type RunConfig } from '../../config/resolve.js';
import { readSigningKey } from '../../certificate/keys.js';
import { redactorFor } from '../../redact/redactor-for.js';
import { runRedactor, useRunRedactor } from '../../redact/run-redactor.js';
import { colourWanted } from '../../config/ci-env.js';
import { consoleLines, painted } from '../../report/console.js';
import { Phases } from '../../runner/phases.js';
import type { Spec } from '../spec.js';
import { prepareGate, type Gate } from '../../baseline/gate.js';
import type { RunArgs } from '../args.js';
import { assertOnlyMatches } from '../list.js';

/** The run as its configuration makes it: what every later phase reads. */
export interface Configured {
  args: RunArgs;
  /** the API under test, as the composition root described it */
  spec: Spec;
  config: RunConfig;
  env: Record<string, string | undefined>;
  cwd: string;
  /** every console line of the run: redacted, inert, coloured where wanted */
  print: (line: string) => void;
  startedAt: Date;
  /** where the run's time goes (conformance.json run.phases): module loading happened before it */
  phases: Phases;
  signKey?: KeyObject;
}

/**
 * Phase 1, config: flags over environment over fixtures file over defaults, the signing key read,
 * the keys' every form redacted from here on, and the console the run prints to.
 */
export function configure(args: RunArgs, spec: Spec, rawPrint: (line: string) => void, cwd: string): Configured {
  const startedAt = new Date();
  const phases = new Phases();
  const env = environment(cwd);
  const colour = colourWanted(env, process.stdout.isTTY);
  // every console line goes through the run's redactor (a key can hide in a base URL or an error)
  // and is made inert: server text in it can neither forge a line nor send a terminal escape
  const print = (line: string) => {
    for (const l of consoleLines(runRedactor().text(line))) rawPrint(colour ? painted(l) : l);
  };
  const config = resolveConfig(args.settings, env, spec.fixtures.schema, cwd);
  const signKey = config.signKey !== undefined ? readSigningKey(config.signKey) : undefined;
  useRunRedactor(
    redactorFor({
      apiKey: config.apiKey ?? '',
      ...(config.otherOrgApiKey ? { otherOrgApiKey: config.otherOrgApiKey } : {}),
      ...(config.readOnlyApiKey ? { readOnlyApiKey: config.readOnlyApiKey } : {}),
    }),
  );
  for (const w of config.warnings) print(`warning: unknown fixtures key ${w} (a typo?); it is ignored`);
  return { args, spec, config, env, cwd, print, startedAt, phases, ...(signKey ? { signKey } : {}) };
}

/** The CI gate's inputs (--only, --baseline), checked before any server is started or any request sent. */
export function gateOf(run: Configured): Gate {
  assertOnlyMatches(run.config, run.spec);
  return prepareGate(run.config, run.spec.catalogue, run.cwd);
}
