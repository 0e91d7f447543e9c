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
export async function readBounded(body: AnswerBody, max: number, contentType?: string): Promise<string> {
  const { chunks, total, release } = await chunksOf(body, max);
  try {
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

/** An answer's body as undici gives it: a Readable stream of bytes. */
export interface AnswerBody {
  on(event: 'data', listener: (chunk: Buffer | Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | Uint8Array) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(err?: Error): unknown;
  readonly destroyed?: boolean;
  readonly errored?: Error | null;
}

/**
 * The body's chunks, read by its events: an async iterator over each answer (Node's
 * createAsyncIterator and the end-of-stream watch it sets up) cost a run 20 ms. Past SMALL_BODY_BYTES
 * the body is paused until its turn as the large body comes. Rejected when the body errs, closes before
 * its end (`Premature close`, as Node's own iterator says), or goes past `max` (then it is destroyed).
 */
function chunksOf(body: AnswerBody, max: number): Promise<{ chunks: Buffer[]; total: number; release?: () => void }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let release: (() => void) | undefined;
    let waiting = false;
    let ended = false;
    let settled = false;
    const settle = (err: Error | undefined) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('close', onClose);
      if (err === undefined) resolve({ chunks, total, ...(release ? { release } : {}) });
      else {
        if (release) setImmediate(release);
        reject(err);
      }
    };
    const onData = (chunk: Buffer | Uint8Array) => {
      total += chunk.length;
      if (total > max) {
        const err = new ResponseTooLarge(max);
        settle(err);
        body.destroy(err);
        return;
      }
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (release !== undefined || waiting || total <= SMALL_BODY_BYTES) return;
      waiting = true;
      body.pause();
      void largeTurn().then((r) => {
        release = r;
        if (settled) setImmediate(r);
        else if (ended) settle(undefined);
        else body.resume();
      });
    };
    // a large body ends once it has its turn: it is decoded and parsed in that turn
    const onEnd = () => {
      ended = true;
      if (!waiting || release !== undefined) settle(undefined);
    };
    // a close after the end is the stream let go, not an early end
    const onClose = () => {
      if (!ended) settle(body.errored ?? prematureClose());
    };
    // kept once settled: an error after the end (the socket's) is no one's to hear, and must not throw
    body.on('error', (err) => settle(err));
    if (body.destroyed === true) {
      settle(body.errored ?? prematureClose());
      return;
    }
    body.on('end', onEnd);
    body.on('close', onClose);
    body.on('data', onData);
  });
}

/** The error Node's stream iterator gives a body that closed before its end. */
function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}
