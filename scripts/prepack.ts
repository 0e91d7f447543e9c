// `npm pack` / `npm publish` run this (package.json "prepack"): the package ships one bundle of the CLI,
// one of the reference server and the JSON schemas, so an installed suite never bundles on first use
// and never needs esbuild, tsx or the TypeScript sources.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { FIXTURES_SCHEMA } from '../fixtures/fixtures-file.schema.js';
import { CONFORMANCE_REPORT_SCHEMA } from '../lib/report/conformance-report.schema.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(ROOT, 'dist');

rmSync(DIST, { recursive: true, force: true });
// two levels below the root, like lib/cli/: the modules find the root (package.json, suites/) as '../../'
await build({
  entryPoints: { cli: path.join(ROOT, 'bin', 'main.ts'), reference: path.join(ROOT, 'reference', 'index.ts') },
  outdir: path.join(DIST, 'bundle'),
  outExtension: { '.js': '.mjs' },
  // chunks beside the entries: every module of the bundle sits two levels below the root
  chunkNames: 'chunk-[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
mkdirSync(path.join(DIST, 'schemas'), { recursive: true });
writeFileSync(path.join(DIST, 'schemas', 'fixtures.schema.json'), JSON.stringify(FIXTURES_SCHEMA, null, 2) + '\n');
const reportSchema = JSON.stringify(CONFORMANCE_REPORT_SCHEMA, null, 2);
writeFileSync(path.join(DIST, 'schemas', 'conformance-report.schema.json'), reportSchema + '\n');
