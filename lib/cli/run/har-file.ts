import path from 'node:path';
import { harOf, harPieces, harTextOf, type HarCheck, type HarPiece } from '../../report/har.js';
import { writeReportFile, writeScannedReportFile } from '../../report/conformance-json.js';
import { keptExchange } from '../../runner/traffic.js';
import type { CheckRun } from '../../runner/check-run.js';
import type { RunRecord } from '../../runner/run-record.js';
import type { Redactor } from '../../redact/redact.js';
import type { TargetKeys } from '../../target/target.js';
import { escapeInvisible } from '../../util/invisible.js';
import { suiteVersion } from '../../config/suite-version.js';
import type { Ready } from './preflight.js';

/**
 * --har, built as the checks end: each check's entries as the file's text, invisible characters escaped
 * and scanned for a key as writeReportFile scans a file, while the run waits on the server, so the run's
 * end only joins them (a HAR of 700 requests is 2 MB: its scan took 0.1 to 0.2 s after the last answer).
 * Joined, the pieces are the text harOf's HAR is; a key in no piece is in no place where two join, as
 * long as no key holds a character of what joins them (`,`, `[`, `{`, `]`, `}`): a key or a spelling
 * of it that crosses a join holds one. Otherwise, or when a piece holds a key, the file is made whole,
 * as before (writeReportFile redacts it).
 */
export class HarPieces {
  private readonly byRun = new Map<CheckRun, { index: number; pieces: HarPiece[]; n: number }>();
  private leaked = false;
  /** the suite's version, as the HAR names its creator */
  readonly version = suiteVersion();

  constructor(private readonly redactor: Redactor) {}

  /** Check `r` ended, the `index`th of the run's: its entries made now, beside the others' requests. */
  add(r: CheckRun, index: number): void {
    const pieces = this.scanned(harPieces(harCheckOf(r, index)));
    this.byRun.set(r, { index, pieces, n: r.exchanges.length });
  }

  /** The HAR's text, when every check of `record` had its pieces made as it ended and none holds a key. */
  text(record: RunRecord, keys: TargetKeys): string | undefined {
    if (this.leaked || Object.values(keys).some((k) => typeof k === 'string' && /[,[\]{}]/.test(k))) return undefined;
    const all: HarPiece[] = [];
    for (const [index, r] of record.runs.entries()) {
      const made = this.byRun.get(r);
      // a check that ended in no turn of the pool (an interrupted run's), or sent after its end
      if (made?.index !== index || made.n !== r.exchanges.length) return undefined;
      all.push(...made.pieces);
    }
    all.push(...this.scanned(harPieces(setupsOf(record))));
    const { head, entries, tail } = harTextOf(all, this.version);
    if (this.leaked || this.redactor.leaks(head + tail).length > 0) return undefined;
    return `${head}${entries.join(',')}${tail}\n`;
  }

  private scanned(pieces: HarPiece[]): HarPiece[] {
    for (const p of pieces) {
      p.text = escapeInvisible(p.text);
      if (this.redactor.leaks(p.text).length > 0) this.leaked = true;
    }
    return pieces;
  }
}

const piecesOfRun = new WeakMap<Ready, HarPieces>();

/** The HAR pieces of `run`, made as its checks end (lib/cli/run/run.ts); none without --har. */
export function harPiecesOf(run: Ready): HarPieces | undefined {
  if (run.config.har === undefined) return undefined;
  let pieces = piecesOfRun.get(run);
  if (!pieces) {
    pieces = new HarPieces(run.redactor);
    piecesOfRun.set(run, pieces);
  }
  return pieces;
}

/**
 * --har: every request of the checks, then those of the set-ups they share, as an HTTP Archive. Written
 * if it can be; a file that cannot be written is said on the console, and the run goes on to its reports.
 * Joined from the pieces made as the checks ended (HarPieces), else made whole here.
 */
export function harFile(run: Ready, record: RunRecord): void {
  const file = run.config.har;
  if (file === undefined) return;
  const joined = piecesOfRun.get(run)?.text(record, run.target.keys);
  try {
    if (joined !== undefined) writeScannedReportFile(path.dirname(file), path.basename(file), joined);
    else {
      const checks = record.runs.map((r, index) => harCheckOf(r, index));
      const har = harOf([...checks, setupsOf(record)], { version: suiteVersion() });
      writeReportFile(path.dirname(file), path.basename(file), JSON.stringify(har) + '\n', run.redactor);
    }
  } catch (err) {
    run.print(`--har: could not write ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function harCheckOf(r: CheckRun, index: number): HarCheck {
  return { index, id: r.result.id, title: r.result.title, held: r.held, exchanges: r.exchanges, spans: r.spans };
}

function setupsOf(record: RunRecord): HarCheck {
  return {
    index: record.runs.length,
    id: 'set-up',
    title: 'run-scoped set-ups several checks share',
    held: [],
    exchanges: record.setups.exchanges.map(keptExchange),
    spans: record.setups.spans,
  };
}
