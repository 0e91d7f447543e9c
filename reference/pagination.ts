import { apiError, validationError, type ApiError } from './errors.js';
import { DEFAULT_PAGE_SIZE, type Profile } from './profile.js';

export interface PageRequest {
  offset: number;
  pageSize: number;
}

/** `page_size` (integer, default 50, at least 1, at most 100) and the opaque `cursor`. */
export function parsePageRequest(query: URLSearchParams, profile: Profile): PageRequest {
  const rawSize = query.get('page_size');
  let pageSize = DEFAULT_PAGE_SIZE;
  if (rawSize !== null) {
    const limits = { field: 'page_size', minimum: 1, maximum: profile.maxPageSize, value: rawSize };
    if (!/^[+-]?\d+$/.test(rawSize.trim())) throw belowMinimum(profile, 'page_size must be an integer', limits);
    pageSize = Number(rawSize);
    if (pageSize < 1) throw belowMinimum(profile, 'page_size must be at least 1', limits);
    if (pageSize > profile.maxPageSize) {
      if (!profile.clampPageSize)
        throw aboveMaximum(profile, `page_size must be at most ${profile.maxPageSize}`, limits);
      pageSize = profile.maxPageSize;
    }
  }
  // an absent or empty cursor means the first page
  const rawCursor = query.get('cursor');
  let offset = 0;
  if (rawCursor !== null && rawCursor !== '') {
    const decoded = profile.decodeCursor(rawCursor);
    if (decoded === undefined) throw apiError(400, 'invalid_cursor', 'The cursor is not valid', { cursor: rawCursor });
    offset = decoded;
  }
  return { offset, pageSize };
}

/** A page_size that is no integer of at least 1: limit_out_of_range, or (variation) a failed validation. */
function belowMinimum(profile: Profile, msg: string, limits: Record<string, unknown>): ApiError {
  if (profile.pageSizeBelowMinimum === 'request_validation_failed')
    return validationError([{ loc: ['query', 'page_size'], type: 'greater_than_equal', msg }], 422);
  return apiError(400, 'limit_out_of_range', msg, limits);
}

/** A page_size above the maximum: limit_out_of_range, or (variation) a failed validation of the query's bound. */
function aboveMaximum(profile: Profile, msg: string, limits: Record<string, unknown>): ApiError {
  if (profile.pageSizeAboveMaximum === 'request_validation_failed')
    return validationError([{ loc: ['query', 'page_size'], type: 'less_than_equal', msg }], 422);
  return apiError(400, 'limit_out_of_range', msg, limits);
}

/** One page of `items`; next_cursor is null on the last page. */
export function pageOf<T>(
  items: readonly T[],
  request: PageRequest,
  profile: Profile,
  rawCursor: string | null,
): { page: T[]; nextCursor: string | null } {
  if (request.offset > items.length) {
    throw apiError(400, 'invalid_cursor', 'The cursor points past the end of the list', { cursor: rawCursor });
  }
  const end = request.offset + request.pageSize;
  return {
    page: items.slice(request.offset, end),
    nextCursor: end < items.length ? profile.encodeCursor(end) : null,
  };
}
