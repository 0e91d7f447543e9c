import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { readJsonFile } from '../config/read-json-file.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { matrixOf } from '../matrix/matrix.js';
import { matrixHtml } from '../matrix/matrix-html.js';
import type { ConformanceReport } from '../report/conformance-json.js';
import { oneLine } from '../report/inert.js';

/** `npx conformance matrix DIR… [--out matrix.html]`: writes matrix.html and matrix.json beside it. */
export function matrixCommand(
  argv: readonly string[],
  print: (line: string) => void,
  catalogue: Catalogue,
  cwd: string = process.cwd(),
): number {
  const dirs: string[] = [];
  let out = 'matrix.html';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--out') out = argv[++i] ?? out;
    else if (a.startsWith('--out=')) out = a.slice('--out='.length);
    else if (a.startsWith('--')) throw new RunCannotStart(`matrix: unknown option ${a}`);
    else dirs.push(a);
  }
  if (dirs.length === 0) throw new RunCannotStart('matrix: name one or more report folders');
  const reports = dirs.map((dir) => {
    const file = path.resolve(cwd, dir, 'conformance.json');
    const report = readJsonFile(file, path.join(dir, 'conformance.json'), 'report', 'matrix DIR…') as ConformanceReport;
    if (!Array.isArray(report.checks) || typeof report.certificate !== 'object')
      throw new RunCannotStart(`matrix: ${dir} holds no report of this suite`);
    return { dir, report };
  });
  // the folders as the user named them, in the page and the JSON
  const matrix = matrixOf(reports, catalogue);
  const htmlFile = path.resolve(cwd, out);
  mkdirSync(path.dirname(htmlFile), { recursive: true });
  writeFileSync(htmlFile, matrixHtml(matrix, { outDir: path.dirname(htmlFile), cwd }));
  const jsonFile = htmlFile.replace(/\.html?$/i, '') + '.json';
  writeFileSync(jsonFile, JSON.stringify(matrix, null, 2) + '\n');
  const flagged = matrix.rules.filter((r) => r.failsEverywhere).map((r) => r.id);
  // one line each: a report folder is a file anyone may have written, holding a server's text
  for (const imp of matrix.implementations)
    print(oneLine(`${imp.dir}: ${imp.verdict}, MUST ${imp.score.passed}/${imp.score.tested} passed (${imp.target})`));
  if (flagged.length > 0)
    print(`failing on every implementation (check the spec and the suite): ${flagged.join(', ')}`);
  print(`matrix: ${htmlFile}, ${path.basename(jsonFile)}`);
  return 0;
}
