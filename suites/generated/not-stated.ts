import type { Conformance } from '../../lib/check/expect-conform.js';

/**
 * Where the spec does not state what a command's answer is (a second link of one edge, anything done
 * to an archived record), a refusal is as legal as a 2xx, provided it carries the error body. True
 * when the server refused: the model then stays as it was, and the command stops. False when the
 * outcome is stated, or the server took the request: the caller judges the answer as a success.
 */
export function refusedWhereNotStated(e: Conformance, notStated: boolean): boolean {
  if (!notStated || e.response.status < 400) return false;
  e.rejected();
  return true;
}
