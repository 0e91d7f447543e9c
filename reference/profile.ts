/**
 * The reference server's answers to everything the spec leaves "not shown". The default and
 * alternate profiles differ on each such point, so a suite that passes against both relies
 * only on what the spec states. reference/README.md lists the same table in prose.
 */
export interface Profile {
  name: 'default' | 'alternate';
  contentType: string;
  /** the broad `error_type` classification for an HTTP status */
  errorType(status: number): string;
  formatTimestamp(ms: number): string;
  /** status of a POST that created a record or an edge (contact create is always 201) */
  createdStatus: number;
  /** DELETE answers: 200 with a body, or 204 empty */
  deleteStatus: 200 | 204;
  taskStatuses: readonly string[];
  encodeCursor(offset: number): string;
  /** undefined when the text is not a cursor this profile issued */
  decodeCursor(text: string): number | undefined;
  /** page_size above the maximum: reject (limit_out_of_range) or clamp */
  clampPageSize: boolean;
  /** the largest page_size served (the spec states only the default, 50, and the minimum, 1) */
  maxPageSize: number;
  /** the code of a page_size that is no integer of at least 1: both listed codes fit it */
  pageSizeBelowMinimum: 'limit_out_of_range' | 'request_validation_failed';
  /** the code of a page_size above the maximum, when refused: both listed codes fit it too */
  pageSizeAboveMaximum: 'limit_out_of_range' | 'request_validation_failed';
  transcriptFormat: string;
  /** a workspace-defined attribute added to every record type */
  extraAttribute: { name: string; value_type: 'number' } | undefined;
  /** a contact attribute the workspace requires on create beyond stage (is_required_on_create) */
  contactRequiredAttribute: string | undefined;
  /** an account attribute the workspace requires on create beyond display_name */
  accountRequiredAttribute?: string;
  /** an opportunity attribute the workspace requires on create beyond display_name, stage and account_id */
  opportunityRequiredAttribute?: string;
  /** the order multi-valued attributes are returned in */
  orderItems<T>(items: readonly T[]): T[];
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

const defaultErrorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  406: 'invalid_request_error',
  409: 'conflict_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
};

const alternateErrorTypes: Record<number, string> = {
  400: 'validation',
  401: 'auth',
  403: 'forbidden',
  404: 'not_found',
  405: 'method',
  406: 'negotiation',
  409: 'conflict',
  413: 'limits',
  415: 'negotiation',
  422: 'validation',
  429: 'rate_limit',
};

function decodeBase64UrlOffset(text: string): number | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const match = /^o:(\d{1,9})$/.exec(decoded);
  // re-encoding must give the same text, so near-miss strings are rejected too
  if (!match?.[1] || Buffer.from(decoded).toString('base64url') !== text) return undefined;
  return Number(match[1]);
}

export const defaultProfile: Profile = {
  name: 'default',
  contentType: 'application/json',
  errorType: (status) => defaultErrorTypes[status] ?? 'api_error',
  formatTimestamp: (ms) => new Date(ms).toISOString(),
  createdStatus: 201,
  deleteStatus: 200,
  taskStatuses: ['TODO', 'IN_PROGRESS', 'COMPLETED'],
  encodeCursor: (offset) => Buffer.from(`o:${offset}`).toString('base64url'),
  decodeCursor: decodeBase64UrlOffset,
  clampPageSize: false,
  maxPageSize: MAX_PAGE_SIZE,
  pageSizeBelowMinimum: 'limit_out_of_range',
  pageSizeAboveMaximum: 'limit_out_of_range',
  transcriptFormat: 'vtt',
  extraAttribute: undefined,
  contactRequiredAttribute: undefined,
  orderItems: (items) => [...items],
};

export const alternateProfile: Profile = {
  name: 'alternate',
  contentType: 'application/json; charset=utf-8',
  errorType: (status) => alternateErrorTypes[status] ?? 'server',
  formatTimestamp: (ms) => new Date(ms).toISOString().replace('Z', '+00:00'),
  createdStatus: 200,
  deleteStatus: 204,
  taskStatuses: ['OPEN', 'WAITING', 'COMPLETED'],
  encodeCursor: (offset) => `pg_${offset.toString(16).padStart(8, '0')}`,
  decodeCursor: (text) => (/^pg_[0-9a-f]{8}$/.test(text) ? parseInt(text.slice(3), 16) : undefined),
  clampPageSize: true,
  maxPageSize: MAX_PAGE_SIZE,
  pageSizeBelowMinimum: 'limit_out_of_range',
  pageSizeAboveMaximum: 'limit_out_of_range',
  transcriptFormat: 'text/plain',
  extraAttribute: { name: 'x_workspace_score', value_type: 'number' },
  contactRequiredAttribute: undefined,
  orderItems: (items) => [...items].reverse(),
};

export function profileFor(name: 'default' | 'alternate'): Profile {
  return name === 'alternate' ? alternateProfile : defaultProfile;
}
