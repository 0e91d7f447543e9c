import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

// The settings table lives in docs/configuration.md, kept in step with lib/config/settings.ts by
// test/docs.test.ts, with the links and the figures of every page.

describe('README', () => {
  it('states the two set-up commands', () => {
    expect(readme).toContain('npm install\nnpx conformance');
    expect(readme).toContain('npm test');
  });

  it('opens with "Certify a server" and stays short: the rest is in docs/', () => {
    expect(readme.match(/^## .*$/m)?.[0]).toBe('## Certify a server');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });
});
