import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../lib/config/settings.js';
import { ALL_FAULTS } from '../reference/faults/all.js';
import { ALL_VARIATIONS } from '../reference/variations/all.js';

// The documentation stays true by construction where it can: the settings table follows
// lib/config/settings.ts, every relative link points at a file (and heading) that exists, the docs
// index lists every page, and the counts of faults and variations live in one page, as the code has them.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'conformance-report']);

/** The repository's own Markdown files, relative to its root. */
function markdownFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir === '' ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

/** The text a reader sees as prose: fenced code blocks and inline code spans taken out. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link and image target of a Markdown text, outside code. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string);
}

/** GitHub's anchor for a heading: its text lowercased, punctuation dropped, spaces made hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file's headings make, a repeated one suffixed -1, -2, … as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const withoutFences = markdown.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');
  for (const m of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(m[1] as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${String(n)}`);
  }
  return out;
}

/** The relative links of one file that do not resolve: a missing file, or a heading the target lacks. */
function brokenLinks(file: string, text = read(file)): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not the repository's
    const [pathPart = '', anchor] = target.split('#', 2);
    if (pathPart === '') {
      if (!anchors(text).has(anchor ?? '')) broken.push(`${target} (no heading ${target} in ${file})`);
      continue;
    }
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
    const full = path.join(ROOT, decodeURIComponent(resolved));
    if (resolved.startsWith('..') || !existsSync(full)) {
      broken.push(`${target} (no file ${resolved})`);
    } else if (anchor !== undefined && resolved.endsWith('.md') && statSync(full).isFile()) {
      if (!anchors(read(resolved)).has(anchor)) broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

describe('the documentation', () => {
  it('documents every setting in docs/configuration.md with its flag and environment variable, and no other', () => {
    const page = read('docs/configuration.md');
    for (const s of Object.values(SETTINGS)) {
      expect(page).toMatch(new RegExp(`\\| \`--${s.flag}[^|]*\` \\| \`${s.env}\` \\|`));
    }
    const flags = new Set<string>(Object.values(SETTINGS).map((s) => s.flag));
    const rows = [...page.matchAll(/^\| `--([a-z-]+)[^|]*` \| `CONFORMANCE_[A-Z_]+` \|/gm)].map((m) => m[1]);
    expect(rows.length).toBe(flags.size);
    expect(rows.filter((flag) => !flags.has(flag as string))).toEqual([]);
  });

  it('has no relative link, in any Markdown file of the repository, to a file or heading that does not exist', () => {
    const files = markdownFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'suites/README.md']));
    const broken = files.flatMap((f) => brokenLinks(f).map((b) => `${f}: ${b}`));
    expect(broken).toEqual([]);
  });

  it('names no path of one machine (the project stands alone)', () => {
    const local = /(?:^|[\s(`'"])\/(?:work|home|Users|tmp)\//m;
    expect(markdownFiles().filter((f) => local.test(read(f)))).toEqual([]);
  });

  it('lists every page of docs/ in its index, one line each', () => {
    const index = read('docs/README.md');
    const pages = readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      expect(index.split('\n').filter((line) => line.includes(`](${page})`))).toHaveLength(1);
    }
    const readme = read('README.md');
    expect(readme).toContain('](docs/README.md)');
  });

  it('states the counts of faults and variations once, in docs/proof.md, as reference/ has them', () => {
    const proof = read('docs/proof.md');
    expect(proof).toContain(`Each of its ${String(ALL_FAULTS.length)} faults`);
    expect(proof).toContain(`${String(ALL_VARIATIONS.length)} of them`);
    const counted = /\b\d[\d,]* (?:faults|legal variations|variations|variation runs|rules)\b/;
    const elsewhere = markdownFiles()
      .filter((f) => f !== 'docs/proof.md')
      .filter((f) => counted.test(prose(read(f))));
    expect(elsewhere).toEqual([]);
  });
});

describe('the link checker', () => {
  it('reads link targets outside code, and anchors as GitHub makes them', () => {
    expect(linkTargets('see [a](x.md#b) and ![pic\nof it](p.png) but not `[c](d.md)`\n```\n[e](f.md)\n```\n')).toEqual([
      'x.md#b',
      'p.png',
    ]);
    expect(slug('When a run gives up: `--max-wait`')).toBe('when-a-run-gives-up---max-wait');
    expect(slug('Choices where the spec says "not shown"')).toBe('choices-where-the-spec-says-not-shown');
    expect(slug('conformance.json')).toBe('conformancejson');
    expect([...anchors('# A\n## A\n```\n# not a heading\n```\n### B: c\n')]).toEqual(['a', 'a-1', 'b-c']);
  });

  it('finds a link to a missing file, to a missing heading, and to a file outside the repository', () => {
    const text =
      '[x](no-such-page.md) [y](reports.md#no-such-heading) [z](reports.md#the-certificate) [w](#here)\n## Here\n';
    expect(brokenLinks('docs/page.md', text + '[v](../../outside.md) [u](#there)')).toEqual([
      'no-such-page.md (no file docs/no-such-page.md)',
      'reports.md#no-such-heading (no heading #no-such-heading in docs/reports.md)',
      '../../outside.md (no file ../outside.md)',
      '#there (no heading #there in docs/page.md)',
    ]);
  });
});
