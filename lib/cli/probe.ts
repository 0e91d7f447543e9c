import { randomUUID } from 'node:crypto';
import { ApiClient } from '../http/client.js';
import { serverSettings } from '../http/client-settings.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { Redactor } from '../redact/redact.js';
import type { Target, TargetKeys } from '../target/target.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { noAnswerText, type Exchange } from '../http/exchange.js';
import { OperationIndex } from '../operations/operation-index.js';

const FLAG_OF: Record<keyof TargetKeys, string> = {
  apiKey: '--api-key / CONFORMANCE_API_KEY',
  otherOrgApiKey: '--other-org-api-key / CONFORMANCE_OTHER_ORG_API_KEY',
  readOnlyApiKey: '--read-only-api-key / CONFORMANCE_READ_ONLY_API_KEY',
};

/**
 * A read of a record that exists nowhere: the first stated read whose every path parameter is a uuid
 * (`GET /contact/{contact_id}`), each filled with a new one.
 */
function probePath(operations: OperationIndex): string {
  const read = operations.all.find(
    (op) => op.method === 'GET' && Object.keys(op.params).length > 0 && Object.values(op.params).every((p) => p.uuid),
  );
  if (read === undefined) throw new Error('no stated read of a record by uuid: the probe has nothing to read');
  return OperationIndex.fill(read.template, Object.fromEntries(Object.keys(read.params).map((k) => [k, randomUUID()])));
}

/**
 * Before any check: can the server be reached, and does it accept each key? One read of a record
 * that exists nowhere. No answer, or a 401 for a key, means the run cannot be made (exit 2).
 * Anything else, even a deviation, lets the run go on: the checks report deviations. `seen`: each
 * answer, for the run's observer of every answer (its error bodies are evidence like any other).
 */
export async function probe(
  server: Pick<Target, 'baseUrl' | 'operations' | 'keys' | 'timeoutMs'>,
  redactor: Redactor,
  budget?: RequestBudget,
  seen?: (ex: Exchange) => void,
): Promise<void> {
  const { baseUrl, keys } = server;
  const client = new ApiClient({
    ...serverSettings(server, redactor),
    ...(budget ? { budget } : {}),
    ...(seen ? { onExchange: (ex: Exchange) => seen(ex) } : {}),
    // every check waits on the probe and the fixtures check beside it: the run's critical path, which
    // takes every slot of the limit (lib/http/request-budget.ts), not one fewer
    priority: Number.NEGATIVE_INFINITY,
    // rate-limited past --max-wait (or interrupted) before any check: the run cannot be made
    refuse: (_kind, message) => {
      throw new RunCannotStart(`cannot run against ${baseUrl}: ${message.replace(/^blocked: /, '')}`);
    },
  });
  const path = probePath(server.operations);
  // one read per key, all at once; the first key's problem is the one reported
  const held = (Object.keys(keys) as Array<keyof TargetKeys>).filter((key) => keys[key] !== undefined);
  const answers = await Promise.all(held.map((key) => client.get(path, { auth: key })));
  held.forEach((key, i) => {
    const ex = answers[i]!;
    if (!ex.response && ex.unreadAnswer) {
      throw new RunCannotStart(redactor.text(`cannot run against ${baseUrl}: ${noAnswerText(ex, `GET ${path}: `)}`));
    }
    if (!ex.response) {
      throw new RunCannotStart(
        redactor.text(
          `cannot reach the server at ${baseUrl}: ${ex.transportError ?? 'no response'}. Check --base-url (it must include /api/v2/public) and that the server is up.`,
        ),
      );
    }
    if (ex.response.status === 401) {
      throw new RunCannotStart(`the server rejected the ${key} (HTTP 401 on GET ${path}). Check ${FLAG_OF[key]}.`);
    }
  });
}
