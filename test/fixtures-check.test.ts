import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import type { Fixtures } from '../fixtures/fixtures-file.js';
import { erroredFields } from '../suites/spec/errored-fields.js';
import { runCliInProcess } from './support/in-process.js';

// A fixture that names a record the server does not have is the user's mistake, not a deviation:
// the run stops before any check (exit 2) with one line naming the key, the answer and the fix.

describe('the fixtures check before the run', () => {
  let ref: RunningReference;
  let dir: string;
  beforeAll(async () => {
    ref = await startReferenceServer();
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-fixtures-check-'));
  });
  afterAll(async () => {
    await ref.close();
  });

  const runWith = async (change: (f: Fixtures) => Fixtures, name: string) => {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(change({ ...ref.fixtures, baseUrl: ref.baseUrl, ...ref.keys })));
    return runCliInProcess(['--fixtures', file, '--report-dir', path.join(dir, name), '--only', 'discovery']);
  };

  it('a noteId the server does not have: exit 2, one line naming noteId, the answer and the fix', async () => {
    const r = await runWith((f) => ({ ...f, noteId: randomUUID() }), 'missing-note');
    expect(r.code, r.stdout + r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^conformance: fixtures: noteId: GET \/note\/[0-9a-f-]{36} answered HTTP 404 \(record_not_found\); name a note that exists/,
    );
    expect(r.stdout).not.toMatch(/passed, \d+ failed/);
  });

  it('a select sample that is no option of the workspace: exit 2 naming customObject.attributes.<field>', async () => {
    const r = await runWith(
      (f) => ({
        ...f,
        customObject: { ...f.customObject, attributes: { ...f.customObject?.attributes, priority: 'urgent' } },
      }),
      'refused-sample',
    );
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /fixtures: customObject\.attributes\.priority: POST \/cus_obj__project\/_upsert answered HTTP 422 \(field_value_invalid\); the sample "urgent" was refused/,
    );
  });

  it('two mistakes: one line each', async () => {
    const r = await runWith((f) => ({ ...f, noteId: randomUUID(), meetingId: randomUUID() }), 'two-mistakes');
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^ {4}fixtures: meetingId: GET \/meeting\/[0-9a-f-]{36} answered HTTP 404 \(record_not_found\); name a meeting that exists/,
    );
  });

  it('a task the server does not have (no task read is stated): exit 2, named by the refused patch', async () => {
    const r = await runWith((f) => ({ ...f, taskIds: [randomUUID()] }), 'missing-task');
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^conformance: fixtures: taskIds\[0\]: PATCH \/task\/[0-9a-f-]{36} answered HTTP 404 \(record_not_found\); name a task that exists and is not archived$/,
    );
  });

  it('a record with many edges that has at most 50, or does not exist: exit 2 naming the key and the fix', async () => {
    // a fresh record of the custom object, with no edge at all
    const res = await fetch(`${ref.baseUrl}/cus_obj__project/_upsert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ref.keys.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        attributes: { display_name: 'No edges' },
        match: { field: 'external_key', value: `few-${randomUUID()}` },
      }),
    });
    const { data } = (await res.json()) as { data: { id: string } };
    const withCustomObject = (id: string) => (f: Fixtures) => ({
      ...f,
      customObject: { ...f.customObject, recordWithManyEdgesId: id },
    });
    const few = await runWith(withCustomObject(data.id), 'few-edges');
    expect(few.code, few.stdout + few.stderr).toBe(2);
    expect(few.stderr.trim()).toMatch(
      /fixtures: customObject\.recordWithManyEdgesId: record [0-9a-f-]{36} shows 0 edges under contacts \(a page_size=50 read ended there\); name one with more than 50/,
    );
    const none = await runWith(withCustomObject(randomUUID()), 'no-such-record');
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toMatch(
      /fixtures: customObject\.recordWithManyEdgesId: GET \/cus_obj__project\/[0-9a-f-]{36}\/relationship\/contacts answered HTTP 404/,
    );
  });

  it('a complete, valid fixtures file: the run goes on and says what it checked', async () => {
    const r = await runWith((f) => f, 'valid');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^fixtures checked: noteId, meetingId, .*customObject$/m);
  });
});

describe('erroredFields: the attributes an error body points at', () => {
  it('reads details.field, details.fields and the loc of request_validation_failed', () => {
    expect(erroredFields({ details: { field: 'priority', code: 'field_value_invalid' } })).toEqual(['priority']);
    expect(erroredFields({ details: { fields: ['a', 'b'] } })).toEqual(['a', 'b']);
    expect(
      erroredFields({
        details: {
          loc: ['body', 'attributes', 'headcount'],
          all_errors: [{ loc: ['body', 'attributes', 'is_active'] }],
        },
      }),
    ).toEqual(['headcount', 'is_active']);
    expect(erroredFields({ details: null })).toEqual([]);
    expect(erroredFields('not an object')).toEqual([]);
  });
});
