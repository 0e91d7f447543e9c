import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../bin/main.js';
import { ApiClient } from '../lib/http/client.js';
import { redactorFor } from '../lib/redact/redactor-for.js';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { referenceWithFixtures } from './support/loopback.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';

/**
 * On a server that takes no phone items on contact create, the phone item checks probe the contact the
 * user names (contactWithPhoneNumbersId). A probe the server wrongly takes is put back by the same
 * route: a changed number with a PATCH of the number it had (a server that takes a number change takes
 * the change back), an un-flagged primary item by flagging it again. The check still fails, and the
 * contact reads back as it was.
 */
async function probe(
  fault: string,
  rule: string,
): Promise<{ report: ConformanceReport; before: unknown; after: unknown }> {
  const { reference, dir, writeFixtures } = await referenceWithFixtures({
    faults: [fault],
    variations: ['phone-items-not-on-create'],
  });
  try {
    const api = new ApiClient({
      baseUrl: reference.baseUrl,
      operations: STATED_OPERATIONS,
      keys: reference.keys,
      timeoutMs: 5000,
      redactor: redactorFor(reference.keys),
    });
    const id = reference.fixtures.contactWithPhoneNumbersId!;
    const items = async () =>
      (
        (await api.get(`/contact/${id}`)).response?.json as {
          data: { attributes: { contact_phone_numbers: unknown } };
        }
      ).data.attributes.contact_phone_numbers;
    const before = await items();
    const fixtures = writeFixtures(reference.baseUrl);
    const code = await main(['--fixtures', fixtures, '--report-dir', dir, '--only', rule], {
      print: () => undefined,
      error: () => undefined,
      cwd: dir,
    });
    expect(code).not.toBe(2);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    return { report, before, after: await items() };
  } finally {
    await reference.close();
  }
}

describe("a probe the server wrongly takes on the user's phone items", () => {
  for (const [fault, rule] of [
    ['phone-number-mutable', 'contact.phone-item.number-immutable'],
    ['phone-item-last-primary-unflagged', 'contact.phone-item.last-primary'],
  ] as const) {
    it(`${fault}: ${rule} fails, and the contact's phone items are put back`, async () => {
      const { report, before, after } = await probe(fault, rule);
      const own = report.checks.filter((c) => c.id === rule);
      expect(own.map((c) => c.status)).toEqual(['failed']);
      expect(after).toEqual(before);
      const changes = report.recordChanges ?? [];
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.every((c) => c.key === 'contactWithPhoneNumbersId' && c.restored)).toBe(true);
    }, 120_000);
  }
});
