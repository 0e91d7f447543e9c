import type { RuleId } from '../spec/register.js';
import { group, register } from './registry.js';
import type { CheckContext } from './context.js';

export { group };

let currentEndpoint: string | undefined;

/** Groups the checks of one operation; every check inside carries it as its `endpoint`. */
export function endpoint(name: string, body: () => void): void {
  group(name, () => {
    const outer = currentEndpoint;
    currentEndpoint = name;
    try {
      body();
    } finally {
      currentEndpoint = outer;
    }
  });
}

/**
 * Registers one check under its rule id (its level comes from the catalogue the checks are loaded
 * with: lib/check/registry.ts), its endpoint and its title. The runner (lib/runner/) selects,
 * schedules and runs it; nothing is parsed back out of titles.
 */
export function check(
  rule: RuleId,
  title: string,
  fn: (c: CheckContext) => Promise<void>,
  options: {
    endpoint?: string;
    startFirst?: boolean;
    runLast?: boolean;
    sendsEarly?: boolean;
    spendsGivenUp?: boolean;
  } = {},
): void {
  const operation = options.endpoint ?? currentEndpoint;
  register({
    rule,
    ...(operation !== undefined ? { endpoint: operation } : {}),
    title,
    body: fn,
    ...(options.startFirst ? { startFirst: true } : {}),
    ...(options.runLast ? { runLast: true } : {}),
    ...(options.sendsEarly ? { sendsEarly: true } : {}),
    ...(options.spendsGivenUp ? { spendsGivenUp: true } : {}),
  });
}
