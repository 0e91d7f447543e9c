import type { ReferenceFlags } from './embedded-reference.js';
import type { Spec } from './spec.js';

/**
 * `npx conformance serve`: the reference server alone, for client developers. Prints its base URL,
 * its keys and its fixtures JSON (these keys are the reference's own, made for this process), then
 * runs until interrupted.
 */
export async function serve(
  spec: Spec,
  port: number,
  flags: ReferenceFlags,
  print: (line: string) => void,
): Promise<number> {
  const ref = await spec.reference.start({ ...flags, port });
  print(`${spec.title} reference server`);
  print(`base URL:          ${ref.baseUrl}`);
  print(`api key (org A):   ${ref.keys.apiKey}`);
  print(`other org key:     ${ref.keys.otherOrgApiKey}`);
  print(`read-only key:     ${ref.keys.readOnlyApiKey}`);
  print(`fixtures JSON (save it and pass --fixtures FILE):`);
  print(JSON.stringify(ref.fixtures, null, 2));
  print(`Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await ref.close();
  return 0;
}

/**
 * `npx conformance serve --list-variations`: each legal variation, what it does, and the spec's words that allow it.
 */
export async function listVariations(spec: Spec, print: (line: string) => void): Promise<void> {
  const variations = await spec.reference.variations();
  for (const v of variations) {
    print(v.id);
    print(`  ${v.description}`);
    print(`  spec: ${v.quote}`);
  }
  print(`${variations.length} variations; combine them with --variation NAME (repeatable)`);
}
