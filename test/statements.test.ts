import { describe, expect, it } from 'vitest';
import { RULES } from '../suites/spec/rules/catalogue.js';
import { quotesOutsideStatements, rulesOf } from '../lib/catalogue/statements.js';
import { STATEMENTS } from '../suites/spec/rules/statements-data.js';
import { checkCounts } from '../lib/cli/rules-command.js';
import { main } from '../bin/main.js';
import { SUITE_FILES } from '../suites/index.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

describe('the statements of the spec', () => {
  it('holds every part of every catalogue quote (the spec rules quote the statements word for word)', () => {
    expect(quotesOutsideStatements(CATALOGUE)).toEqual([]);
  });

  it('gives every statement a rule that checks it, or the reason none can', () => {
    const bare = STATEMENTS.filter((s) => rulesOf(CATALOGUE, s).length === 0 && !s.reason?.trim()).map((s) => s.text);
    expect(bare).toEqual([]);
  });

  it('lists each statement once, with its section', () => {
    const texts = STATEMENTS.map((s) => s.text);
    expect(texts.length).toBe(new Set(texts).size);
    for (const s of STATEMENTS) expect(s.section.length, s.text).toBeGreaterThan(3);
  });

  it('finds the rules quoting a statement, and its checkedBy', () => {
    const row = STATEMENTS.find((s) => s.text.startsWith('| page_size on relationship reads |'));
    expect(row && rulesOf(CATALOGUE, row)).toEqual(
      expect.arrayContaining(['pagination.page-size-default', 'pagination.page-size-minimum']),
    );
    const shape = STATEMENTS.find((s) => s.text.startsWith('| long_text |'));
    expect(shape && rulesOf(CATALOGUE, shape)).toEqual(['value.shape']);
  });

  it('names only catalogue rules in checkedBy', () => {
    for (const s of STATEMENTS)
      for (const id of s.checkedBy ?? []) expect(Object.hasOwn(RULES, id), `${s.text}: ${id}`).toBe(true);
  });
});

describe('npx conformance rules', () => {
  it('counts the checks the registry holds, loops included (auth.forbidden-403 runs once per refused write)', async () => {
    const counts = await checkCounts({ suites: SUITE_FILES, catalogue: CATALOGUE });
    expect(counts.get('auth.forbidden-403') ?? 0).toBeGreaterThan(1);
    const unchecked = Object.entries(RULES)
      .filter(([id, r]) => r.level === 'MUST' && !counts.has(id as keyof typeof RULES))
      .map(([id]) => id);
    expect(unchecked).toEqual([]);
    const lines: string[] = [];
    const spy = (l: string) => lines.push(l);
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      spy(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      expect(await main(['rules'])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    const line = lines
      .join('')
      .split('\n')
      .find((l) => /\bauth\.forbidden-403\b/.test(l));
    expect(line).toContain(`${counts.get('auth.forbidden-403')} checks`);
  });

  it('--statements prints every statement with its rules or its reason', async () => {
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      lines.push(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      expect(await main(['rules', '--statements'])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    const text = lines.join('');
    expect(text).toMatch(new RegExp(`^Statements of the spec \\(${STATEMENTS.length}\\)`, 'm'));
    expect(text).toContain('error.code.payload-too-large');
    expect(text).toContain('no rule: no stated operation takes filters');
  });
});
