import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from './support/cli.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
interface Manifest {
  name: string;
  version: string;
  bin: unknown;
  dependencies: Record<string, string>;
}
const pkg = readJson('package.json') as Manifest;
const lock = readJson('package-lock.json') as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };

/**
 * The package as a user gets it: `npm pack` (which runs prepack), then an install of the tarball into
 * an empty folder. No registry is reachable here, so the install is `npm ci --offline` from a lockfile
 * that pins the tarball and the suite's runtime dependencies exactly as the project's own lockfile
 * does (their tarballs are in npm's cache since the project was installed).
 */
describe('the packed package, installed into an empty folder', () => {
  let app: string;
  let files: string[];
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-pack-'));
    const env = cleanEnv();
    const args = ['pack', '--json', '--pack-destination', dir];
    const { stdout } = await run('npm', args, { cwd: ROOT, env, maxBuffer: 1 << 24 });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = packed!.files.map((f) => f.path);
    const tgz = `file:${path.join(dir, packed!.filename)}`;
    app = path.join(dir, 'app');
    const packages: Record<string, unknown> = {
      '': { name: 'app', dependencies: { [pkg.name]: tgz } },
      [`node_modules/${pkg.name}`]: {
        version: pkg.version,
        resolved: tgz,
        dependencies: pkg.dependencies,
        bin: pkg.bin,
      },
    };
    for (const [k, v] of Object.entries(lock.packages)) {
      if (k !== '' && v.dev !== true && v.devOptional !== true) packages[k] = v;
    }
    await run('mkdir', [app]);
    const manifest = { name: 'app', private: true, dependencies: { [pkg.name]: tgz } };
    writeFileSync(path.join(app, 'package.json'), JSON.stringify(manifest));
    const lockfile = { name: 'app', lockfileVersion: 3, requires: true, packages };
    writeFileSync(path.join(app, 'package-lock.json'), JSON.stringify(lockfile));
    await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: app, env });
  }, 240_000);

  it('ships the bundle, the schemas, the README and its docs pages; no tests, no sources, no pictures', () => {
    expect(files).toContain('dist/bundle/cli.mjs');
    expect(files).toContain('dist/bundle/reference.mjs');
    expect(files).toContain('dist/schemas/fixtures.schema.json');
    expect(files).toContain('README.md');
    // the README's links into docs/ resolve inside the installed package too
    expect(files).toContain('docs/configuration.md');
    expect(files.filter((f) => f.startsWith('docs/') && !f.endsWith('.md'))).toEqual([]);
    expect(files.filter((f) => /^(test|lib|suites|builders|reference|scripts|bench)\//.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('installs without esbuild or tsx and prints the suite and spec versions', async () => {
    expect(existsSync(path.join(app, 'node_modules', 'esbuild'))).toBe(false);
    expect(existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(false);
    const { stdout } = await run('npx', ['--offline', 'conformance', '--version'], { cwd: app, env: cleanEnv() });
    expect(stdout.trim()).toBe(`${pkg.name} ${pkg.version} (Public Records API v2)`);
  });

  it('runs a check against its embedded reference server, bundling nothing on first use', async () => {
    const args = ['--offline', 'conformance', '--only', 'contact.create.status-201'];
    const { stdout } = await run('npx', args, { cwd: app, env: cleanEnv() });
    expect(stdout).toMatch(/1 passed, 0 failed, 0 skipped/);
    expect(existsSync(path.join(app, 'conformance-report', 'conformance.json'))).toBe(true);
    expect(existsSync(path.join(app, 'node_modules', '.conformance'))).toBe(false);
  }, 120_000);

  it('exports the reference server, which starts and answers', async () => {
    const script = [
      `const { startReferenceServer } = await import('${pkg.name}');`,
      'const ref = await startReferenceServer();',
      'const headers = { authorization: `Bearer ${ref.keys.apiKey}` };',
      'const res = await fetch(`${ref.baseUrl}/_schema/contact`, { headers });',
      'console.log(res.status);',
      'await ref.close();',
    ].join('\n');
    const node = ['--input-type=module', '-e', script];
    const { stdout } = await run(process.execPath, node, { cwd: app, env: cleanEnv() });
    expect(stdout.trim()).toBe('200');
  }, 60_000);
});
