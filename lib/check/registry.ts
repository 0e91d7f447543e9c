import type { CheckContext } from './context.js';
import type { RuleId } from '../spec/register.js';
import { ruleOf, type Catalogue } from '../catalogue/catalogue.js';
import type { Level } from '../catalogue/rule.js';

/** One check as a suite file registers it: what it tests, where it lives, and its body. */
export interface CheckDefinition {
  rule: RuleId;
  level: Level;
  /** the operation, as the spec writes it (`POST /contact`), or `*` */
  endpoint: string;
  title: string;
  /** the endpoint group: the suite file's name (`contacts`, `errors`, …) */
  group: string;
  /** the `group` blocks around it, outermost first (they only label the source) */
  path: readonly string[];
  body: (c: CheckContext) => Promise<void>;
  /**
   * a long chain of dependent requests (a model-based sequence): started before the other checks, so
   * that against a distant server it runs alongside the rest instead of being the run's tail
   */
  startFirst?: boolean;
  /**
   * judges what the whole run's answers showed (`c.seen`): started once every other check has ended,
   * so the run's observer has seen them all
   */
  runLast?: boolean;
  /**
   * a run-last check that sends its own requests (a write whose answer it judges) from the run's
   * start, beside the other checks' chains, and waits itself (`target.lastChecks.allSeen`)
   * before it judges what the whole run showed; the other run-last checks start once they may judge
   */
  sendsEarly?: boolean;
  /**
   * it may spend what the user gave up (a task archived for good, a domain removed): it runs after
   * every other check, which may need that value to exist, and knows then whether the run is complete
   */
  spendsGivenUp?: boolean;
}

/** A check as `check()` registers it: its level, and its endpoint when no group names one, come from the catalogue. */
type Registered = Omit<CheckDefinition, 'level' | 'endpoint'> & { endpoint?: string };

const registered: Registered[] = [];
let loadingGroup: string | undefined;
const labels: string[] = [];
let loaded: Promise<readonly Registered[]> | undefined;
// each catalogue's definitions made once: the same objects for every run of a process that shares it
const made = new WeakMap<object, Promise<readonly CheckDefinition[]>>();

/** A suite file the registry loads: its endpoint group and a loader whose body registers its checks. */
export interface CheckModule {
  group: string;
  load: () => Promise<unknown>;
}

/** A labelled block of checks: it only runs its body, at load time, and labels the checks inside. */
export function group(name: string, body: () => void): void {
  labels.push(name);
  try {
    body();
  } finally {
    labels.pop();
  }
}

/** Called by `check()` while a suite file loads. */
export function register(def: Omit<Registered, 'group' | 'path'>): void {
  if (loadingGroup === undefined)
    throw new Error(`check "${def.rule}: ${def.title}" registered outside a suite file being loaded`);
  registered.push({ ...def, group: loadingGroup, path: [...labels] });
}

/**
 * Every check of the given suite files, in a stable order (files as listed, checks as written). The
 * composition root (the CLI, a test) passes the list (suites/index.ts): the registry knows no suite.
 * The files load once per process; a run selects from this list, so loading does not depend on a
 * run's options and several runs in one process (the self-test's fault matrix) share it. Each check's
 * level, and the endpoint of one outside an `endpoint` block, are its rule's in the catalogue handed
 * down with the suite files (the Spec's).
 */
export function loadChecks(files: readonly CheckModule[], catalogue: Catalogue): Promise<readonly CheckDefinition[]> {
  let definitions = made.get(catalogue);
  if (definitions === undefined) {
    definitions = registeredBy(files).then((all) => all.map((def) => definitionOf(def, catalogue)));
    made.set(catalogue, definitions);
  }
  return definitions;
}

/** The checks the suite files register, as written: the files load once per process. */
function registeredBy(files: readonly CheckModule[]): Promise<readonly Registered[]> {
  loaded ??= (async () => {
    for (const file of files) {
      // files load one at a time: a module's body registers its checks under `loadingGroup`
      loadingGroup = file.group;
      try {
        await file.load();
      } catch (err) {
        throw new SuiteLoadError(`${file.group}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        loadingGroup = undefined;
      }
      // a turn of the event loop between files: a run loads them while its first requests are out, and
      // the answers (an embedded server's requests too) are taken up between files, not after them all
      await new Promise((resolve) => setImmediate(resolve));
    }
    return registered;
  })();
  return loaded;
}

function definitionOf({ endpoint, ...def }: Registered, catalogue: Catalogue): CheckDefinition {
  const rule = ruleOf(catalogue, def.rule);
  return { ...def, level: rule.level, endpoint: endpoint ?? rule.endpoints[0] ?? '*' };
}

/** A suite file would not load: a bug in the suite, not in the server. */
export class SuiteLoadError extends Error {
  override name = 'SuiteLoadError';
}
