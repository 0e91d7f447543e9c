import type { CheckResult } from '../check/result.js';
import type { Traffic } from '../check/outcome.js';
import type { Exchange } from '../http/exchange.js';
import type { RequestSpan } from '../check/context.js';
import type { Finding } from '../check/finding.js';

/** What running one check left: its result, and what the run's reports and chains need of its traffic. */
export interface CheckRun {
  result: CheckResult;
  traffic: Traffic[];
  unanswered: number;
  /** the shared records it held: checks holding one record run one after another */
  held: string[];
  /** every request it sent (redacted), and when: for `--har` */
  exchanges: Exchange[];
  spans: RequestSpan[];
  /** rules of other checks its exchanges broke: reported once per cause (lib/report/root-causes.ts) */
  findings: Finding[];
  /** the records it made: archived when it ended, or kept (--keep-failing) for its reproducers */
  records?: { archived: Array<{ type: string; id: string }>; kept: Array<{ type: string; id: string }> };
  /** the keys of the run's shared set-ups it asked for (their records are archived when the run ends) */
  setups?: string[];
}
