/** A problem's text with what varies from request to request (uuids, timestamps) left out. */
function shapeOf(actual: string): string {
  return actual
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{uuid}')
    .replace(/\d{4}-\d\d-\d\dT[0-9:.,]+(?:Z|[+-]\d\d:?\d\d)?/g, '{timestamp}');
}

/** The key of a cause at one operation: uuids and timestamps in the message vary, the cause does not. */
export function causeKey(rule: string, operation: string, actual: string): string {
  return JSON.stringify([rule, operation, shapeOf(actual)]);
}

/** The key of a rule broken in one way, whatever the operations it shows at (one root cause). */
export function problemKey(rule: string, actual: string): string {
  return JSON.stringify([rule, shapeOf(actual)]);
}

/** What a failed result's first violation says is wrong: its `problem` where it names one, else what came back. */
export function problemOf(r: {
  actual?: string;
  message: string;
  violations?: ReadonlyArray<{ problem?: string }>;
}): string {
  return r.violations?.[0]?.problem ?? r.actual ?? r.message;
}

/** The root cause of a failed result: its rule and what is wrong, whatever the operation. */
export function resultProblemKey(r: {
  id: string;
  actual?: string;
  message: string;
  violations?: ReadonlyArray<{ problem?: string }>;
}): string {
  return problemKey(r.id, problemOf(r));
}
