import { asUtf8 } from './charset.js';
import { boundJsonBytes } from './json-bytes.js';

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

/** An answer whose JSON holds more than the run keeps (lib/http/json-bytes.ts): no usable answer. */
export class TooManyJsonValues extends ResponseTooLarge {
  constructor(what: string) {
    super(0);
    this.message = `the server's answer was not read: it held ${what}`;
    this.name = 'TooManyJsonValues';
  }
}

/**
 * How many bytes each answer may hold while it is read before it takes its turn as a large body:
 * past this, one answer at a time is read further (and decoded and parsed, which its caller does
 * at once). So memory in flight is bounded by --concurrency × this plus one answer of the read cap,
 * not by --concurrency × the read cap (32 answers of 16 MiB, each held as chunks, their concatenation
 * and its text, were 1.5 GB).
 */
export const SMALL_BODY_BYTES = 1024 * 1024;

/** The turn of large bodies: a queue of readers waiting for the one that reads past SMALL_BODY_BYTES. */
let largeBusy = false;
const largeWaiting: Array<() => void> = [];

async function largeTurn(): Promise<() => void> {
  if (largeBusy) await new Promise<void>((r) => largeWaiting.push(r));
  largeBusy = true;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = largeWaiting.shift();
    if (next) next();
    else largeBusy = false;
  };
}

/**
 * Reads a body as UTF-8 text, stopping at `max` bytes: past it the body is destroyed (the socket
 * with it) and ResponseTooLarge is thrown, so a server sending gigabytes costs at most `max` bytes.
 * A body past SMALL_BODY_BYTES waits for its turn as the one large body read at a time (the turn
 * ends once its text is handed over and its caller's synchronous work on it, the parse, is done),
 * and is bounded as bytes (lib/http/json-bytes.ts): refused (TooManyJsonValues) when its JSON holds
 * more than the run keeps, its long strings cut, before it becomes a string.
 */
export async function readBounded(
  body: AsyncIterable<Buffer | Uint8Array> & { destroy?: (err?: Error) => unknown },
  max: number,
  contentType?: string,
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  let release: (() => void) | undefined;
  try {
    for await (const chunk of body) {
      total += chunk.length;
      if (total > max) {
        const err = new ResponseTooLarge(max);
        body.destroy?.(err);
        throw err;
      }
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (release === undefined && total > SMALL_BODY_BYTES) release = await largeTurn();
    }
    // in the charset the answer declares (lib/http/charset.ts), before anything reads or redacts it
    const whole = asUtf8(Buffer.concat(chunks, total), contentType);
    chunks.length = 0;
    if (whole.length <= SMALL_BODY_BYTES) return whole.toString('utf8');
    // a large body is bounded as bytes: one the run would not keep never becomes a string
    const bounded = boundJsonBytes(whole);
    if ('refused' in bounded) throw new TooManyJsonValues(bounded.refused);
    return bounded.bytes.toString('utf8');
  } finally {
    // released after the caller's synchronous continuation (the parse) has run
    if (release) setImmediate(release);
  }
}
