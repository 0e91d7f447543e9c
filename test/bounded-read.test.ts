import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { readBounded, ResponseTooLarge, SMALL_BODY_BYTES } from '../lib/http/bounded-read.js';

describe("an answer's body, read by its events", () => {
  it('is its chunks joined and decoded, in the charset it declares', async () => {
    const body = new PassThrough();
    const text = readBounded(body, 1024, 'text/plain; charset=utf-8');
    body.write(Buffer.from('{"a": "é'));
    body.end(Buffer.from('"}'));
    await expect(text).resolves.toBe('{"a": "é"}');
  });

  it('a body that closes before its end is no answer: "Premature close", as a stream iterator says', async () => {
    const body = new PassThrough();
    const text = readBounded(body, 1024);
    body.write('{"a":');
    body.destroy();
    await expect(text).rejects.toMatchObject({ message: 'Premature close', code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });

  it("a body's error is the read's, and an error after its end throws nowhere", async () => {
    const body = new PassThrough();
    const text = readBounded(body, 1024);
    body.destroy(new Error('other side closed'));
    await expect(text).rejects.toThrow('other side closed');
    const late = new PassThrough();
    const read = readBounded(late, 1024);
    late.end('{}');
    await expect(read).resolves.toBe('{}');
    late.destroy(new Error('socket hang up'));
  });

  it('past the most bytes read, the body is destroyed and the read refused', async () => {
    const body = new PassThrough();
    const text = readBounded(body, 8);
    body.write('0123456789');
    await expect(text).rejects.toBeInstanceOf(ResponseTooLarge);
    expect(body.destroyed).toBe(true);
  });

  it('two large bodies are read one at a time: the second goes on once the first was handed over', async () => {
    const big = Buffer.alloc(SMALL_BODY_BYTES + 1, 0x20);
    const [first, second] = [new PassThrough(), new PassThrough()];
    const order: string[] = [];
    const a = readBounded(first, 4 * SMALL_BODY_BYTES).then((t) => order.push(`first ${t.length}`));
    first.write(big);
    const b = readBounded(second, 4 * SMALL_BODY_BYTES).then((t) => order.push(`second ${t.length}`));
    second.end(Buffer.concat([big, Buffer.from('x')]));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    first.end('y');
    await Promise.all([a, b]);
    expect(order).toEqual([`first ${big.length + 1}`, `second ${big.length + 1}`]);
  });
});
