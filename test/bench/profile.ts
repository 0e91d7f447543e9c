import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where a run's CPU goes: `node --cpu-prof bin/conformance.js` against the embedded reference server (in
 * one process with the run, so its answers' cost is in the profile too), summed per function. A frame
 * of the CLI's bundle is named by the source file esbuild's `// path` comment puts above its module.
 */
export interface ProfileEntry {
  /** the function, and the source file (or Node's own module) it is in */
  name: string;
  ms: number;
  /** of the run's CPU time (samples while idle left out) */
  share: number;
}

export interface ProfileSummary {
  date: string;
  commit: string;
  /** the CPU time the profile sampled, idle left out (a loaded machine stretches it) */
  cpuMs: number;
  /** the functions that spent most CPU themselves */
  self: ProfileEntry[];
  /** the suite's own functions (lib/, suites/, reference/, bin/) with most CPU under them */
  inclusive: ProfileEntry[];
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

const OURS = /^(lib|suites|reference|bin|builders)\//;

/** Profiles one default run of the CLI in `root` (a clone of the project) and sums it up. */
export function profileRun(root: string, top = 12): ProfileSummary {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-profile-'));
  try {
    const bin = path.join(root, 'bin', 'conformance.js');
    // once unprofiled, so the bundle (and anything a first run keeps) is built before the profile
    spawnSync(process.execPath, [bin, '--report-dir', path.join(dir, 'warm')], { cwd: root, stdio: 'ignore' });
    const run = spawnSync(
      process.execPath,
      ['--cpu-prof', '--cpu-prof-dir', path.join(dir, 'prof'), bin, '--report-dir', path.join(dir, 'report')],
      { cwd: root, stdio: 'ignore' },
    );
    if (run.status !== 0) throw new Error(`the profiled run exited ${String(run.status)}`);
    const files = readdirSync(path.join(dir, 'prof')).filter((f) => f.endsWith('.cpuprofile'));
    const main = files
      .map((f) => path.join(dir, 'prof', f))
      .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]!;
    const profile = JSON.parse(readFileSync(main, 'utf8')) as CpuProfile;
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    return { date: new Date().toISOString(), commit, ...summarize(profile, bundleModules(root), top) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bundle's module starts: [line, source file or package], in line order. */
function bundleModules(root: string): Array<[number, string]> {
  const bundle = path.join(root, 'node_modules', '.conformance', 'cli.cjs');
  if (!existsSync(bundle)) return [];
  const out: Array<[number, string]> = [];
  readFileSync(bundle, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /^\/\/ ((?:lib|suites|reference|bin|builders)\/\S+\.ts)$/.exec(line);
      if (m) out.push([i, m[1]!]);
      // the packages the bundle holds, named as a frame of node_modules is
      const pkg = /^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
      if (pkg) out.push([i, pkg[1]!]);
    });
  return out;
}

/** Self and inclusive time per function, largest first. */
export function summarize(
  p: CpuProfile,
  modules: Array<[number, string]>,
  top: number,
): Pick<ProfileSummary, 'cpuMs' | 'self' | 'inclusive'> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sampled = new Map<number, number>();
  p.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const name = (id: number): string => frameName(byId.get(id)!.callFrame, modules);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, us] of sampled) {
    const own = name(id);
    if (own.startsWith('(idle)')) continue;
    total += us;
    self.set(own, (self.get(own) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(at);
      if (seen.has(k) || !OURS.test(k.split(' ').at(-1) ?? '')) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const list = (m: Map<string, number>): ProfileEntry[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([n, us]) => ({ name: n, ms: Math.round(us / 1000), share: Number((us / total).toFixed(3)) }));
  return { cpuMs: Math.round(total / 1000), self: list(self), inclusive: list(inclusive) };
}

function frameName(f: CpuProfile['nodes'][number]['callFrame'], modules: Array<[number, string]>): string {
  const fn = f.functionName || '(anonymous)';
  if (f.url === '') return fn;
  if (f.url.endsWith('/.conformance/cli.cjs')) {
    let file = 'the bundle';
    for (const [line, source] of modules) {
      if (line > f.lineNumber) break;
      file = source;
    }
    return `${fn} ${file}`;
  }
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (nm) return `${fn} ${nm[1]!}`;
  return `${fn} ${f.url.startsWith('node:') ? f.url : `node:${path.basename(f.url)}`}`;
}
