import type { Catalogue } from '../catalogue/catalogue.js';
import type { FixturesKnowledge } from '../target/fixtures-in-use.js';
import type { Wrapping } from './spec-words.js';
import type { Redactor } from '../redact/redact.js';
import { appendReportFile, writeReportFile, type ConformanceReport } from './conformance-json.js';
import { junitXml } from './junit.js';
import { summaryMarkdown } from './summary-md.js';
import { reportHtml } from './html.js';
import { badgeSvg } from './badge.js';
import type { KeyObject } from 'node:crypto';
import { certificateBody, sealCertificate } from '../certificate/certificate-file.js';
import { examplesOf } from '../check/examples-file.js';
import type { CoverageMap } from '../coverage/coverage-map.js';

export const REPORT_FILES = [
  'conformance.json',
  'junit.xml',
  'summary.md',
  'report.html',
  'badge.svg',
  'certificate.json',
] as const;

/**
 * Writes every report of a run into `dir` from the one report object, each through writeReportFile
 * (which refuses to write a file that holds a key), and appends summary.md to the step-summary
 * file when given. Returns the paths written. Also what `merge` should call with a merged report.
 * The catalogue is the Spec's: the certificate's rules and digest, and each strict reading's other.
 */
export function writeReports(
  dir: string,
  report: ConformanceReport,
  redactor: Redactor,
  o: {
    catalogue: Catalogue;
    stepSummary?: string;
    signKey?: KeyObject;
    runUrl?: string;
    coverage?: CoverageMap;
    wrapping?: Wrapping;
    fixturesFile?: FixturesKnowledge;
  },
): string[] {
  // the report is redacted as a whole once more: whatever added a string after collection
  const r = redactor.value(report);
  // what the spec's words in each report come from: its rules, its wrapping, its fixtures file
  const spec = {
    catalogue: o.catalogue,
    ...(o.wrapping !== undefined ? { wrapping: o.wrapping } : {}),
    ...(o.fixturesFile !== undefined ? { fixturesFile: o.fixturesFile } : {}),
  };
  const summary = summaryMarkdown(r, { ...(o.runUrl !== undefined ? { runUrl: o.runUrl } : {}), ...spec });
  const files = [
    writeReportFile(dir, 'conformance.json', JSON.stringify(r, null, 2) + '\n', redactor),
    writeReportFile(dir, 'junit.xml', junitXml(r, o.catalogue), redactor),
    writeReportFile(dir, 'summary.md', summary, redactor),
    writeReportFile(
      dir,
      'report.html',
      reportHtml(r, { ...(o.coverage ? { coverage: o.coverage } : {}), ...spec }),
      redactor,
    ),
    writeReportFile(dir, 'badge.svg', badgeSvg(r.certificate), redactor),
    writeReportFile(
      dir,
      'certificate.json',
      JSON.stringify(certificateOfReport(r, o.catalogue, o.signKey), null, 2) + '\n',
      redactor,
    ),
  ];
  const examples = examplesOf(r.checks);
  if (Object.keys(examples.examples).length > 0) {
    files.push(writeReportFile(dir, 'examples.json', JSON.stringify(examples, null, 2) + '\n', redactor));
  }
  if (o.stepSummary !== undefined) appendReportFile(o.stepSummary, summary + '\n', redactor);
  return files;
}

/** certificate.json of a report: its checks and verdict, bound to this suite, signed when a key is given. */
export function certificateOfReport(r: ConformanceReport, catalogue: Catalogue, signKey?: KeyObject) {
  const c = r.certificate;
  const body = certificateBody(r.checks, catalogue, {
    suiteVersion: c.suiteVersion,
    specVersion: c.specVersion,
    target: c.target,
    date: c.date,
    strict: c.reading === 'strict',
    reportVerdict: c.verdict,
  });
  return sealCertificate(body, signKey);
}
