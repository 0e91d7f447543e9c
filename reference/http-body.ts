import type { IncomingMessage } from 'node:http';
import { apiError, invalid } from './errors.js';

/** Largest accepted request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * One decoder for every body: a decode of a whole buffer (not streamed) starts afresh, and making a
 * decoder per request cost more than the decode.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

const MEDIA_RANGES_ACCEPTED = ['application/json', 'application/*', '*/*'];

function mediaType(header: string): string {
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

/** 406 when an Accept header is present and admits no JSON response. */
export function checkAccept(req: IncomingMessage): void {
  const accept = req.headers.accept?.trim();
  if (!accept) return;
  const admits = accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const refused = params.some((p) => /^q=0(\.0*)?$/.test(p.replace(/\s/g, '')));
    return !refused && MEDIA_RANGES_ACCEPTED.includes(type);
  });
  if (!admits) {
    throw apiError(406, 'unsupported_media_type', 'Responses are application/json only', { accept });
  }
}

function hasBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}

function readLimited(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // stop buffering; node discards the rest once the response is sent
        req.off('data', onData);
        reject(
          apiError(413, 'payload_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes`, {
            max_bytes: MAX_BODY_BYTES,
          }),
        );
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * The request's JSON object, or undefined when there is no body. Order of refusals:
 * 413 (declared or actual size), 415 (content type), 400 (not JSON, not an object).
 */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  if (!hasBody(req)) return undefined;
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    throw apiError(413, 'payload_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes`, {
      max_bytes: MAX_BODY_BYTES,
    });
  }
  const contentType = req.headers['content-type'] ?? '';
  if (mediaType(contentType) !== 'application/json') {
    throw apiError(415, 'unsupported_media_type', 'Request bodies must be application/json', {
      content_type: contentType,
    });
  }
  const raw = await readLimited(req);
  if (raw.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(UTF8.decode(raw));
  } catch {
    throw invalid(['body'], 'json_invalid', 'The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(['body'], 'model_attributes_type', 'The request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
