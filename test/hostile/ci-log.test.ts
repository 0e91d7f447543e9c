import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Issue 31, rows 7, 8, 9, 12 and 16: server text that a CI runner could take as a command, that a
// terminal could take as an escape, that Markdown could render as a heading, link or image, or that
// reorders what is read around it (bidi). Every printed line and every report shows it inert.

const NASTY = [
  'denied',
  '  ::error file=app.js,line=1::forged annotation',
  '\t::add-mask::hunter2',
  '   verdict: conforms',
  'see ##[error]forged and ##[add-mask]x and ##[stop-commands]tok',
  '\rbare CR then \u001b[2Jclear \u001b]8;;http://evil.example\u0007link',
  '# Forged heading',
  '[the docs[1]](https://evil.example/phish) and ![logo[1]](https://evil.example/x.png) <img src=x onerror=alert(1)>',
  'https://evil.example/bare www.evil.example a@evil.example',
  'bidi \u202Eevil\u202C and \u2066iso\u2069 zero\u200Bwidth \uFEFF',
].join('\n');

/** Every error answer carries the text as its code and message, and a contact create is refused with it. */
async function nastyServer(text = NASTY): Promise<Hostile> {
  return startHostile({
    after: (req, answer, res) => {
      const refused = req.method === 'POST' && req.url.endsWith('/contact') && answer.status < 300;
      if (answer.status < 400 && !refused) return false;
      const status = refused ? 422 : answer.status;
      const body = {
        status_code: status,
        error_type: 'invalid_request_error',
        code: text,
        message: text,
        details: null,
      };
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
      return true;
    },
  });
}

// eslint-disable-next-line no-control-regex -- the control characters a log line must never carry
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\r]/;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** What a CI log must never hold: a workflow command, a control or invisible character. */
function expectInertLog(text: string, what: string): void {
  const lines = text.split('\n');
  expect(
    lines.filter((l) => /^\s*::/.test(l)),
    what,
  ).toEqual([]);
  expect(text.includes('##['), what).toBe(false);
  expect(CONTROL.test(text), what).toBe(false);
  expect(INVISIBLE.test(text), what).toBe(false);
}

/** The lines of a Markdown file outside its fenced code blocks. */
function outsideFences(md: string): string[] {
  const out: string[] = [];
  let open: string | undefined;
  for (const l of md.split('\n')) {
    const m = /^\s*(`{3,})/.exec(l);
    if (open === undefined && m) open = m[1];
    else if (open !== undefined && l.trim() === open) open = undefined;
    else if (open === undefined) out.push(l);
  }
  return out;
}

/** Markdown that renders none of the server's text as markup: no heading, link, image, autolink or raw HTML of its. */
function expectInertMarkdown(md: string, what: string, ownHeadings: RegExp): void {
  expectInertLog(md, what);
  const lines = outsideFences(md);
  expect(
    lines.filter((l) => /^\s{0,3}#/.test(l) && !ownHeadings.test(l)),
    what,
  ).toEqual([]);
  // a code span renders nothing but its text (a backtick of the server's would close it: there is none)
  const text = lines.join('\n').replace(/`[^`\n]*`/g, '');
  // every bracket the server wrote is escaped: no link text, no image
  expect(text.match(/(^|[^\\])[[\]]/gm) ?? [], what).toEqual([]);
  expect(text.match(/<(?!\/?(details|summary)>)/g) ?? [], what).toEqual([]);
  expect(/https?:\/\/evil|www\.evil|[^\\]@evil/.test(text), what).toBe(false);
  expect(text.includes('forged'), what).toBe(true);
}

const ONLY = ['--only', 'auth.invalid-key,contact.create.*'];

/** A run against a server whose error answers carry `text`: its console output and its report folder. */
async function runAgainst(hostile: Hostile, only = ONLY): Promise<{ out: string; dir: string }> {
  const dir = path.join(hostile.dir, 'report');
  const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, ...only], { cwd: hostile.dir });
  expect(r.code).toBe(1);
  return { out: r.stdout + r.stderr, dir };
}

const SUMMARY_HEADINGS =
  /^#{2,3} (Public Records API|Root causes|Blocked|New deviations|Baseline entries|Skipped|Leftovers)/;

describe('inert in every CI log', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('row 7: ::error, ::add-mask and verdict: after line breaks, with leading blanks: no console line a runner takes as a command', async () => {
    hostile = await nastyServer(
      'denied\n  ::error file=app.js,line=1::forged\n\t::add-mask::hunter2\n   verdict: conforms',
    );
    // the refused creates: their failure quotes the error body's code and message as the server wrote them
    const { out, dir } = await runAgainst(hostile, ['--only', 'contact.create.*']);
    expect(out).toMatch(/forged/);
    expect(out.split('\n').filter((l) => /^\s*::/.test(l))).toEqual([]);
    // a verdict line of the server's never starts a line: it continues the line it was in, indented
    expect(out.split('\n').filter((l) => l.startsWith('verdict:'))).toHaveLength(1);
    const md = readFileSync(path.join(dir, 'summary.md'), 'utf8');
    expect(md.split('\n').filter((l) => /^\s*::/.test(l))).toEqual([]);
  });

  it('row 8: ##[error], ##[add-mask] and ##[stop-commands] anywhere in a line: none printed, none in summary.md or junit.xml', async () => {
    hostile = await nastyServer('see ##[error]forged and ##[add-mask]x and ##[stop-commands]tok');
    const { out, dir } = await runAgainst(hostile);
    expect(out).toMatch(/forged/);
    expect(out.includes('##[')).toBe(false);
    for (const f of ['summary.md', 'junit.xml'])
      expect(readFileSync(path.join(dir, f), 'utf8').includes('##['), f).toBe(false);
  });

  it('row 12: [the docs[1]](…) and ![logo[1]](…) in error text: no link or image in summary.md', async () => {
    hostile = await nastyServer(
      'forged [the docs[1]](https://evil.example/phish) ![logo[1]](https://evil.example/x.png) <img src=x> ' +
        'https://evil.example/bare www.evil.example a@evil.example\n# Forged heading',
    );
    const { dir } = await runAgainst(hostile);
    expectInertMarkdown(readFileSync(path.join(dir, 'summary.md'), 'utf8'), 'summary.md', SUMMARY_HEADINGS);
  });

  it('row 16: bidi overrides, isolates, zero-width characters and the BOM: shown escaped on the console, in summary.md, junit.xml and every report', async () => {
    hostile = await nastyServer('forged bidi \u202Eevil\u202C and \u2066iso\u2069 zero\u200Bwidth \uFEFF\u200F');
    const { out, dir } = await runAgainst(hostile);
    expect(out).toMatch(/forged/);
    expect(INVISIBLE.test(out)).toBe(false);
    for (const f of ['summary.md', 'junit.xml', 'report.html', 'conformance.json'])
      expect(INVISIBLE.test(readFileSync(path.join(dir, f), 'utf8')), f).toBe(false);
    // the JSON keeps the server's text as it was: escaped, not lost
    expect(readFileSync(path.join(dir, 'conformance.json'), 'utf8')).toContain('\\u202e');
  });

  it('all of it at once, with bare CRs and escape sequences: the console, summary.md and junit.xml', async () => {
    hostile = await nastyServer();
    const { out, dir } = await runAgainst(hostile);
    expect(out).toMatch(/forged/);
    expectInertLog(out, 'console');
    // a verdict line of the server's never starts a line: it continues the line it was in, indented
    expect(out.split('\n').filter((l) => l.startsWith('verdict:'))).toHaveLength(1);
    expectInertMarkdown(readFileSync(path.join(dir, 'summary.md'), 'utf8'), 'summary.md', SUMMARY_HEADINGS);
    expectInertLog(readFileSync(path.join(dir, 'junit.xml'), 'utf8'), 'junit.xml');
  });

  it('row 9: conformance diff of a run against that server: the console and diff.md', async () => {
    hostile = await startHostile({});
    const before = path.join(hostile.dir, 'before');
    expect(
      (await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', before, ...ONLY], { cwd: hostile.dir })).code,
    ).toBe(0);
    await hostile.close();
    hostile = await nastyServer();
    const after = (await runAgainst(hostile)).dir;
    const out = path.join(hostile.dir, 'diff.md');
    const r = await runMeasured(['diff', before, after, '--out', out], { cwd: hostile.dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/forged/);
    expectInertLog(r.stdout + r.stderr, 'diff console');
    expectInertMarkdown(
      readFileSync(out, 'utf8'),
      'diff.md',
      /^#{2,3} (Conformance diff|Regressions|Fixes|New checks|Gone checks|Skipped differently|Other changes|Observed contract)/,
    );
  });

  it('conformance matrix of a report folder whose text is a server’s (a report is a file anyone may write): the console and matrix.html', async () => {
    hostile = await nastyServer();
    const { dir } = await runAgainst(hostile);
    const file = path.join(dir, 'conformance.json');
    const report = JSON.parse(readFileSync(file, 'utf8')) as { certificate: { target: string } };
    report.certificate.target = NASTY;
    writeFileSync(file, JSON.stringify(report));
    const html = path.join(hostile.dir, 'matrix.html');
    const r = await runMeasured(['matrix', dir, '--out', html], { cwd: hostile.dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/forged/);
    expectInertLog(r.stdout + r.stderr, 'matrix console');
    const page = readFileSync(html, 'utf8');
    expect(INVISIBLE.test(page)).toBe(false);
    expect(page).not.toMatch(/<img/);
  });
});
