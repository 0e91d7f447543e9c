import { Redactor } from './redact.js';

/**
 * The redactor of the run in progress, for the places that print without knowing the run: the
 * command line's catch-all (lib/cli/main.ts) prints whatever error ended the run, and that error
 * may carry a URL or a server's answer with a key in it. run.ts registers the keys as soon as it
 * knows them (the resolved config's, then the target's).
 */
let current = new Redactor([]);

export function useRunRedactor(r: Redactor): void {
  current = r;
}

export function runRedactor(): Redactor {
  return current;
}
