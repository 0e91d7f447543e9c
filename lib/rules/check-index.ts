import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITES = fileURLToPath(new URL('../../suites/', import.meta.url));
// `check('rule.id', …` as every suite registers its checks; a literal id keeps them greppable.
const CHECK_CALL = /\bcheck\(\s*['"]([^'"]+)['"]/g;

/** Which rule ids the suite files check, and how many checks each has, read from the sources. */
export function checksByRule(dir: string = SUITES): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of suiteFiles(dir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(CHECK_CALL)) {
      const id = m[1] as string;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

function suiteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return suiteFiles(p);
    return e.name.endsWith('.checks.ts') ? [p] : [];
  });
}
