import type { Catalogue } from '../catalogue/catalogue.js';
import type { OperationIndex } from '../operations/operation-index.js';
import type { SpecJudges } from '../check/judges.js';
import type { CheckModule } from '../check/registry.js';
import type { Preflight } from '../check/preflight.js';
import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import type { Target } from '../target/target.js';
import type { Fixtures, SpecRecord } from '../spec/register.js';
import type { ApiClient } from '../http/client.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { Redactor } from '../redact/redact.js';
import type { RecordChange } from '../safety/record-changes.js';
import type { EmbeddedReference } from './embedded-reference.js';

/** A request the stopped run could not send, said in the reports: what it was, what for, and why. */
export type NotSent = (request: string, purpose: string, err: unknown) => void;

/**
 * Everything the engine is told about the API under test: the one seam between lib/ (which could check
 * any HTTP API) and one spec's knowledge. The composition root (bin/main.ts) builds it from suites/,
 * fixtures/ and reference/ and hands it in; nothing under lib/ imports those, and no module holds it:
 * each piece is handed down to what reads it (the run's target carries the operations, the catalogue,
 * the judgements and the fixtures file: Target.operations, RunTarget.catalogue, RunTarget.judges,
 * RunTarget.fixturesFile; every client its operations, ClientSettings.operations; the gate, the reports
 * and the commands the catalogue). What only a command or a phase needs is asynchronous, so a spec may
 * load it when it is first asked for.
 */
export interface Spec {
  /** the API and its version, as the console names it: `Public Records API v2` */
  title: string;
  /** the suite files, each registering its checks when loaded */
  suites: readonly CheckModule[];
  /** one description per stated operation, indexed */
  operations: OperationIndex;
  /** the rules, with the sentences they rest on */
  catalogue: Catalogue;
  /** what an answer's error body, record envelope and schemas require */
  judges: SpecJudges;
  /** the user's fixtures file: its schema, the records it keeps, how to get each key */
  fixtures: FixturesKnowledge;
  /**
   * before the checks: the fixtures file's records and names read on the server and checked; its
   * reads may go before `probed` settles, its writes wait for it (and are not sent when it rejects)
   */
  fixturesCheck(target: Target, redactor: Redactor, budget?: RequestBudget, probed?: Promise<void>): Promise<Preflight>;
  /** after the checks: every kept record read again and compared with its state at the fixtures check */
  auditKeptRecords(
    api: ApiClient,
    fixtures: Fixtures,
    before: Record<string, SpecRecord>,
    readOnly: boolean,
    notSent: NotSent,
  ): Promise<RecordChange[]>;
  /** console warnings on the given-up records the run used (the last of a list, say) */
  givenUpWarnings(preflight: Preflight | undefined, used: ReadonlySet<string>): Promise<string[]>;
  /** `npx conformance init`: a draft fixtures file from the server's discovery answers */
  init(argv: string[], print: (line: string) => void, cwd: string): Promise<number>;
  /** `npx conformance openapi`: the spec as an OpenAPI document */
  openApiDocument(suiteVersion: string): Promise<Record<string, unknown>>;
  /** the spec's reference implementation, embedded */
  reference: EmbeddedReference;
}
