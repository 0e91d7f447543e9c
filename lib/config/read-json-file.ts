import { readFileSync } from 'node:fs';
import { RunCannotStart } from './run-cannot-start.js';

/**
 * Reads a JSON file a user named (fixtures, baseline): an unreadable file or invalid JSON is a
 * RunCannotStart naming the file as the user gave it (`shownAs`) and the flag that names it.
 */
export function readJsonFile(file: string, shownAs: string, what: string, flag: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new RunCannotStart(
      `cannot read the ${what} file ${shownAs}: ${(err as NodeJS.ErrnoException).code ?? String(err)}. Check ${flag}.`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new RunCannotStart(`the ${what} file ${shownAs} is not valid JSON: ${(err as Error).message}`);
  }
}
