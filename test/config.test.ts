import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environment, resolveConfig } from '../lib/config/resolve.js';
import { RunCannotStart } from '../lib/config/run-cannot-start.js';
import { FIXTURES_SCHEMA } from '../fixtures/fixtures-file.schema.js';

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-config-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const fixtures = JSON.stringify({
  baseUrl: 'http://fixtures.test/api/v2/public',
  apiKey: 'key-from-fixtures',
  otherOrgApiKey: 'other-from-fixtures',
});

describe('config precedence: flag > environment > fixtures file > default', () => {
  it('takes the flag over the environment and the fixtures file', () => {
    const dir = dirWith({ 'f.json': fixtures });
    const c = resolveConfig(
      { apiKey: 'key-from-flag', fixtures: 'f.json' },
      { CONFORMANCE_API_KEY: 'key-from-env' },
      FIXTURES_SCHEMA,
      dir,
    );
    expect(c.apiKey).toBe('key-from-flag');
  });

  it('takes the environment over the fixtures file', () => {
    const dir = dirWith({ 'f.json': fixtures });
    const c = resolveConfig({ fixtures: 'f.json' }, { CONFORMANCE_API_KEY: 'key-from-env' }, FIXTURES_SCHEMA, dir);
    expect(c.apiKey).toBe('key-from-env');
    expect(c.otherOrgApiKey).toBe('other-from-fixtures');
    expect(c.baseUrl).toBe('http://fixtures.test/api/v2/public');
  });

  it('finds the fixtures file through the environment', () => {
    const dir = dirWith({ 'f.json': fixtures });
    const c = resolveConfig({}, { CONFORMANCE_FIXTURES: 'f.json' }, FIXTURES_SCHEMA, dir);
    expect(c.apiKey).toBe('key-from-fixtures');
  });

  it('falls back to the defaults', () => {
    const dir = dirWith({});
    const c = resolveConfig({}, {}, FIXTURES_SCHEMA, dir);
    expect(c.baseUrl).toBeUndefined();
    expect(c.reportDir).toBe(path.join(dir, 'conformance-report'));
    expect(c.timeoutMs).toBe(15000);
  });

  it('treats an empty value as unset', () => {
    const dir = dirWith({ 'f.json': fixtures });
    const c = resolveConfig({ fixtures: 'f.json' }, { CONFORMANCE_API_KEY: '' }, FIXTURES_SCHEMA, dir);
    expect(c.apiKey).toBe('key-from-fixtures');
  });

  it('reads .env in the working directory, below the real environment', () => {
    const dir = dirWith({ '.env': 'CONFORMANCE_API_KEY=key-from-dotenv\nCONFORMANCE_REPORT_DIR=from-dotenv\n' });
    const env = environment(dir, { CONFORMANCE_REPORT_DIR: 'from-env' });
    const c = resolveConfig({}, env, FIXTURES_SCHEMA, dir);
    expect(c.apiKey).toBe('key-from-dotenv');
    expect(c.reportDir).toBe(path.join(dir, 'from-env'));
  });
});

describe('the fixtures file', () => {
  it('names every problem in one error', () => {
    const dir = dirWith({
      'f.json': JSON.stringify({ taskIds: ['nope'], noteId: 5, customObject: { apiName: 'project' } }),
    });
    let err: unknown;
    try {
      resolveConfig({ fixtures: 'f.json' }, {}, FIXTURES_SCHEMA, dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RunCannotStart);
    const message = (err as Error).message;
    expect(message).toContain('/taskIds/0');
    expect(message).toContain('/noteId');
    expect(message).toContain('/customObject/apiName');
  });

  it('warns about unknown keys, naming them, without failing', () => {
    const dir = dirWith({ 'f.json': JSON.stringify({ noteID: 'x', contact: { stag: 'lead' } }) });
    const c = resolveConfig({ fixtures: 'f.json' }, {}, FIXTURES_SCHEMA, dir);
    expect(c.warnings.sort()).toEqual(['/contact/stag', '/noteID']);
  });

  it('says when the file is not JSON or cannot be read', () => {
    const dir = dirWith({ 'f.json': '{ nope' });
    expect(() => resolveConfig({ fixtures: 'f.json' }, {}, FIXTURES_SCHEMA, dir)).toThrow(/not valid JSON/);
    expect(() => resolveConfig({ fixtures: 'missing.json' }, {}, FIXTURES_SCHEMA, dir)).toThrow(
      /cannot read the fixtures file/,
    );
  });
});

describe('--allow-host', () => {
  it('takes hosts from the flag (a list) or the environment, in lower case, and refuses anything but a host', () => {
    const dir = dirWith({});
    expect(
      resolveConfig({ allowHost: 'Files.Example.com, cdn.example.com:8443' }, {}, FIXTURES_SCHEMA, dir).allowHosts,
    ).toEqual(['files.example.com', 'cdn.example.com:8443']);
    expect(resolveConfig({}, { CONFORMANCE_ALLOW_HOST: 'files.example.com' }, FIXTURES_SCHEMA, dir).allowHosts).toEqual(
      ['files.example.com'],
    );
    expect(resolveConfig({}, {}, FIXTURES_SCHEMA, dir).allowHosts).toEqual([]);
    for (const bad of ['https://files.example.com', 'files.example.com/path', 'user@files.example.com'])
      expect(() => resolveConfig({ allowHost: bad }, {}, FIXTURES_SCHEMA, dir)).toThrow(RunCannotStart);
  });
});
