import { readJsonFile } from '../config/read-json-file.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import type { CheckResult } from './result.js';

export const EXAMPLES_FORMAT = 'public-records-api-conformance-examples/1';

/**
 * examples.json: the smallest failing input of every generated check that failed, by `rule:label`,
 * as Hypothesis keeps its example database. A later run given it (--examples FILE) tries those
 * inputs first, whatever its seed draws, so a deviation once found is checked again until it is fixed.
 */
export interface ExamplesFile {
  format: typeof EXAMPLES_FORMAT;
  examples: Record<string, unknown[]>;
}

export function examplesOf(checks: readonly CheckResult[]): ExamplesFile {
  const examples: Record<string, unknown[]> = {};
  for (const c of checks) {
    if (c.status !== 'failed' || !c.example) continue;
    const list = (examples[c.example.key] ??= []);
    if (!list.some((x) => JSON.stringify(x) === JSON.stringify(c.example?.input))) list.push(c.example.input);
  }
  return { format: EXAMPLES_FORMAT, examples };
}

export function readExamples(file: string, shownAs: string): Record<string, unknown[]> {
  const data = readJsonFile(
    file,
    shownAs,
    'examples',
    '--examples / CONFORMANCE_EXAMPLES',
  ) as Partial<ExamplesFile> | null;
  const examples = data?.examples;
  if (
    data?.format !== EXAMPLES_FORMAT ||
    typeof examples !== 'object' ||
    examples === null ||
    Object.values(examples).some((v) => !Array.isArray(v))
  ) {
    throw new RunCannotStart(
      `the examples file ${shownAs} is not an examples.json of this suite (format ${EXAMPLES_FORMAT})`,
    );
  }
  return examples;
}
