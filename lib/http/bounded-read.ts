/** The most bytes read from one answer unless --max-response-bytes says otherwise: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** An answer whose body went past --max-response-bytes: the exchange has no usable answer. */
export class ResponseTooLarge extends Error {
  readonly code = 'RESPONSE_TOO_LARGE';
  constructor(readonly max: number) {
    super(`the answer's body was larger than --max-response-bytes ${max}: reading stopped there`);
    this.name = 'ResponseTooLarge';
  }
}

/**
 * Reads a body as UTF-8 text, stopping at `max` bytes: past it the body is destroyed (the socket
 * with it) and ResponseTooLarge is thrown, so a server sending gigabytes costs at most `max` bytes.
 */
export async function readBounded(
  body: AsyncIterable<Buffer | Uint8Array> & { destroy?: (err?: Error) => unknown },
  max: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > max) {
      const err = new ResponseTooLarge(max);
      body.destroy?.(err);
      throw err;
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
