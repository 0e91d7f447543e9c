/** The key of a cause: uuids and timestamps in the message vary from request to request, the cause does not. */
export function causeKey(rule: string, operation: string, actual: string): string {
  const shape = actual
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{uuid}')
    .replace(/\d{4}-\d\d-\d\dT[0-9:.,]+(?:Z|[+-]\d\d:?\d\d)?/g, '{timestamp}');
  return JSON.stringify([rule, operation, shape]);
}
