import type { IncomingMessage } from 'node:http';
import { apiError } from './errors.js';
import type { User } from './model.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="public-records"' };

/**
 * `Authorization: Bearer <key>` to the key's user. Every 401 carries invalid_api_key (the
 * spec's only authentication code); details.reason tells missing, malformed and unknown apart.
 */
export function authenticate(req: IncomingMessage, principals: ReadonlyMap<string, User>): User {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw apiError(401, 'invalid_api_key', 'Missing Authorization header', { reason: 'missing' }, CHALLENGE);
  }
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) {
    throw apiError(
      401,
      'invalid_api_key',
      'Authorization must be "Bearer <API_KEY>"',
      { reason: 'malformed' },
      CHALLENGE,
    );
  }
  const user = principals.get(match[1]);
  if (!user) throw apiError(401, 'invalid_api_key', 'The API key is not valid', { reason: 'unknown_key' }, CHALLENGE);
  return user;
}
