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
  /** the CPU time the profile sampled, idle left out (a loaded machine stretches it), per run */
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

/**
 * Profiles `runs` default runs of the CLI in `root` (a clone of the project) and sums them up, per run:
 * on a shared machine one run's samples land where the process happened to be descheduled, and the sum of
 * a few says where the CPU goes more steadily than any one of them.
 */
export function profileRun(root: string, top = 12, runs = 3): ProfileSummary {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-profile-'));
  try {
    const bin = path.join(root, 'bin', 'conformance.js');
    // once unprofiled, so the bundle (and anything a first run keeps) is built before the profile
    spawnSync(process.execPath, [bin, '--report-dir', path.join(dir, 'warm')], { cwd: root, stdio: 'ignore' });
    const profiles: CpuProfile[] = [];
    for (let i = 0; i < runs; i++) {
      const prof = path.join(dir, `prof-${i}`);
      const run = spawnSync(
        process.execPath,
        ['--cpu-prof', '--cpu-prof-dir', prof, bin, '--report-dir', path.join(dir, `report-${i}`)],
        { cwd: root, stdio: 'ignore' },
      );
      if (run.status !== 0) throw new Error(`the profiled run exited ${String(run.status)}`);
      const main = readdirSync(prof)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(prof, f))
        .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]!;
      profiles.push(JSON.parse(readFileSync(main, 'utf8')) as CpuProfile);
    }
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const summary = summarize(merged(profiles), bundleModules(root), top, runs);
    return { date: new Date().toISOString(), commit, ...summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Several profiles as one: each one's node ids moved past the last one's. */
function merged(profiles: CpuProfile[]): CpuProfile {
  const out: CpuProfile = { nodes: [], samples: [], timeDeltas: [] };
  let base = 0;
  for (const p of profiles) {
    const shift = base;
    for (const n of p.nodes)
      out.nodes.push({ ...n, id: n.id + shift, ...(n.children ? { children: n.children.map((c) => c + shift) } : {}) });
    out.samples.push(...p.samples.map((id) => id + shift));
    out.timeDeltas.push(...p.timeDeltas);
    base += Math.max(...p.nodes.map((n) => n.id)) + 1;
  }
  return out;
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
  runs = 1,
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
      .map(([n, us]) => ({ name: n, ms: Math.round(us / 1000 / runs), share: Number((us / total).toFixed(3)) }));
  return { cpuMs: Math.round(total / 1000 / runs), self: list(self), inclusive: list(inclusive) };
}

/**
 * A regular expression's frame is named by its source: past this length it is named by its length alone
 * (the redactor's scan for every form of the run's keys is made of the keys: no table shows them).
 */
const LONGEST_REGEXP = 200;

function frameName(f: CpuProfile['nodes'][number]['callFrame'], modules: Array<[number, string]>): string {
  const fn = f.functionName || '(anonymous)';
  if (fn.startsWith('RegExp: ') && fn.length > LONGEST_REGEXP + 8)
    return `RegExp: (a pattern of ${fn.length - 8} characters)`;
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
