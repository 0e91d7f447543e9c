import { describe, expect, it } from 'vitest';
import { harOf } from '../lib/report/har.js';
import type { Exchange } from '../lib/http/exchange.js';

// `--har`: a request's time is split as HAR 1.2 splits it, so a run's timeline shows which requests
// waited for a turn in the run's request budget (`blocked`) and which waited on the server (`wait`).

const exchange = (ms: number): Exchange => ({
  request: { method: 'GET', url: 'http://127.0.0.1:1/api/contact/1', headers: {} },
  response: { status: 200, headers: { 'content-type': 'application/json' }, text: '{}' },
  ms,
  rateLimitRetries: 0,
});

type Entry = { timings: { blocked: number; wait: number }; time: number };

describe('the HAR of a run', () => {
  it("splits each request's time into its wait for a turn (blocked) and the server's (wait)", () => {
    const har = harOf(
      [
        {
          index: 0,
          id: 'x.rule',
          title: 'x',
          held: [],
          exchanges: [exchange(250), exchange(210)],
          spans: [
            { start: 1000, sent: 1040, end: 1250 },
            { start: 1300, sent: 1300, end: 1510 },
          ],
        },
      ],
      { version: '0' },
    ) as { log: { entries: Entry[] } };
    const [queued, straight] = har.log.entries;
    expect(queued).toMatchObject({ time: 250, timings: { blocked: 40, wait: 210 } });
    expect(straight).toMatchObject({ time: 210, timings: { blocked: 0, wait: 210 } });
  });

  it('says the wait for a turn is not known (-1) for a span that does not say when it was sent', () => {
    const har = harOf([{ index: 0, id: 'x', title: 'x', held: [], exchanges: [exchange(90)], spans: [] }], {
      version: '0',
    }) as { log: { entries: Entry[] } };
    expect(har.log.entries[0]!.timings).toMatchObject({ blocked: -1, wait: 90 });
  });
});
