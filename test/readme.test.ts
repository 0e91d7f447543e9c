import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../lib/config/settings.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('documents every setting with its flag and environment variable', () => {
    for (const s of Object.values(SETTINGS)) {
      expect(readme).toMatch(new RegExp(`\\| \`--${s.flag}[^|]*\` \\| \`${s.env}\` \\|`));
    }
  });

  it('states the two set-up commands', () => {
    expect(readme).toContain('npm install\nnpx conformance');
    expect(readme).toContain('npm test');
  });
});
