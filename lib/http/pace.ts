import { setMaxListeners } from 'node:events';
import { Backoff } from './backoff.js';
import { Pacer, timerMs, type Waiter } from './pacer.js';
import { Patience } from './patience.js';
import { quotaFields, type QuotaHint } from './quota-fields.js';
import { saneQuotaFields } from './quota-sanity.js';
import { RateLearner, GROWTH_PER_S } from './rate-learner.js';
import { retryAfterMs } from './retry-after.js';
import { waitText } from '../util/wait-text.js';

/** --max-wait's default: a quota window of a minute, waited out three times over. */
export const DEFAULT_MAX_WAIT_MS = 180_000;
/** --deadline's default: a run ends by then whatever the server says */
export const DEFAULT_DEADLINE_MS = 30 * 60_000;
/** the longest a back-off without any hint waits at once */
const BACKOFF_CAP_MS = 60_000;
/**
 * the least rate a quota the server names brings the run to (requests a second): a rate of one
 * request in three years would pace the next turn to infinity, and one a day would hold a run for
 * months. Past a slower quota, its 429s say how long to wait, and --max-wait bounds that.
 */
export const MIN_NAMED_RATE = 1;

/** What the run learned of the server's quota, for the console and the report. */
export interface LearnedQuota {
  /** requests a second the run sends at */
  ratePerS: number;
  /** the policy the server named (RateLimit-Policy, RateLimit-Limit with a window) */
  limit?: number;
  windowS?: number;
  source: 'RateLimit' | '429s';
}

/** A pause of the whole run, as the console announces it. */
export interface PauseNotice {
  /** how long every request now waits (ms) */
  waitMs: number;
  /** what asked for it: `Retry-After`, the quota fields, or a back-off (no hint) */
  askedBy: string;
}

/** A request the stopped run did not send (an archive, a read of a kept record): named in the reports. */
export interface NotSent {
  /** method and path under the base URL */
  request: string;
  /** what it was for, in words */
  purpose: string;
  /** why it was not sent: the run's stop */
  why: string;
}

/**
 * What a 429 means for the request that got it: retry it (after the run's pause; or, load shedding,
 * after `holdMs` of its own while the rest of the run goes on), or give up.
 */
export type LimitedDecision = { retry: true; holdMs?: number } | { retry: false; giveUp: string };

/** a Retry-After this short, with no quota fields, may be load shedding rather than a spent quota… */
export const SHED_WAIT_MS = 2_000;
/** …when 429s are at most this share of the recent answers: scattered among many taken */
export const SHED_SHARE = 0.25;

/**
 * One pace for a whole run (its probe, fixtures check, checks, set-ups and the read of kept records
 * after them): a 429 pauses every new request until the moment its Retry-After names (or its quota
 * fields, or a back-off with jitter when it names nothing), retried requests go first when the pause
 * ends, and the run sends at the rate the server sustains, from its quota fields when it sends them,
 * else learned from its 429s (lib/http/rate-learner.ts). It gives up only as --max-wait says
 * (lib/http/patience.ts). The concurrency limit (request-budget.ts) does the rest.
 *
 * It is also where a run stops: an interruption, a server that stopped answering, or one that
 * rate-limited the run past --max-wait. A stopped run sends nothing more but the archives of its own
 * records, and those too once the stop is hard (the server asked the run to go away, or the
 * interruption's grace ran out).
 */
export class Pace {
  readonly pacer: Pacer;
  readonly patience: Patience;
  private readonly learner: RateLearner;
  private readonly backoff: Backoff;
  quota: LearnedQuota | undefined;
  /** 429s taken for load shedding (scattered, a short Retry-After): only their request waited */
  shed = 0;
  /** pauses of the whole run, their total and longest (ms) */
  pauses = 0;
  waitedMs = 0;
  longestWaitMs = 0;
  private pausedUntil = 0;
  private grownAt = 0;
  /** when the last burst of 429s began: a 429 to a request sent before it belongs to that burst */
  private burstAt = Number.NEGATIVE_INFINITY;
  /** bursts of 429s since the last answer of another status */
  private burstsInRow = 0;
  /** why the run sends no more requests */
  stopped: string | undefined;
  stoppedHard = false;
  /** requests the stopped run did not send that its reports name, each once */
  readonly notSent: NotSent[] = [];
  /** the console's ear: a pause begins */
  onPause: ((n: PauseNotice) => void) | undefined;
  /** what the run did not take of what the server said (a malformed quota field, a rate floored), each said once */
  readonly notes: string[] = [];
  /** the console's ear: a note is taken */
  onNote: ((note: string) => void) | undefined;
  /** the requests the run sent so far, for a stop's message */
  requestsSent: (() => number) | undefined;
  /** aborted when the run stops hard: a request in flight is cut short, not waited out */
  private readonly stopping = new AbortController();
  private deadlineTimer: NodeJS.Timeout | undefined;
  private readonly ignoredFields = new Set<string>();
  /** the quota fields the server last sent, verbatim, and what they were read as: for the reports */
  announced: { fields: Record<string, string>; parsed?: QuotaHint } | undefined;
  private readonly now: () => number;

  constructor(o: { maxWaitMs?: number; now?: () => number; random?: () => number } = {}) {
    const now = o.now ?? (() => performance.now());
    this.now = now;
    const maxWaitMs = o.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.pacer = new Pacer(now);
    this.patience = new Patience(maxWaitMs, now);
    this.learner = new RateLearner(now);
    this.backoff = new Backoff(Math.min(BACKOFF_CAP_MS, maxWaitMs), o.random);
    this.pacer.onPaced = () => this.grow();
    // every request in flight, and every held one, listens for the stop: as many as --concurrency allows
    setMaxListeners(0, this.stopping.signal);
  }

  get maxWaitMs(): number {
    return this.patience.maxWaitMs;
  }

  /** Names a request the stopped run did not send (once, however often it was refused). */
  notSend(n: NotSent): void {
    if (!this.notSent.some((x) => x.request === n.request && x.purpose === n.purpose)) this.notSent.push(n);
  }

  /** Waits for a request's turn; false: the run stopped while it waited (it must not be sent). */
  async turn(w: Waiter): Promise<boolean> {
    // a request that comes to the gate after the stop (it waited for a slot) is let go at once, as
    // those waiting were: it must not wait out a pause the stopped run will never use
    if (this.stopped !== undefined && (this.stoppedHard || !w.exempt)) return false;
    this.learner.started();
    const go = await this.pacer.turn(w);
    if (go) this.learner.sent();
    return go;
  }

  /** Stops the run: soft (archives of its own records still go) or hard (nothing more goes, at once). */
  stop(reason: string, hard = false): void {
    this.stopped ??= reason;
    if (hard) this.stoppedHard = true;
    this.pacer.letGo((w) => this.stoppedHard || !w.exempt);
    if (hard) this.stopping.abort(new Error(`the run stopped: ${this.stopped}`));
  }

  /** Aborted once the run stops hard: every request in flight is cut short with it. */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  /** The server keeps the run past its time budget: it stops hard, at once, naming the cause and the time. */
  giveUp(cause: string): void {
    const at = new Date().toISOString().slice(11, 19);
    const sent = this.requestsSent?.();
    this.stop(`${cause}; stopped at ${at} UTC${sent !== undefined ? ` after ${sent} requests` : ''}`, true);
  }

  /**
   * The run ends `ms` from now whatever the server says (--deadline): kept by a timer, so a run held
   * by a request that never ends, or a wait, stops on time, not on the next answer.
   */
  keepDeadline(ms: number): void {
    clearTimeout(this.deadlineTimer);
    this.deadlineTimer = setTimeout(() => this.giveUp(`the run reached --deadline ${waitText(ms)}`), timerMs(ms));
    this.deadlineTimer.unref();
  }

  /** Waits `ms` (a request's own wait after a 429 of load shedding), or until the run stops hard. */
  hold(ms: number): Promise<void> {
    if (this.stoppedHard || ms <= 0) return Promise.resolve();
    return new Promise((done) => {
      const end = () => {
        clearTimeout(timer);
        this.stopSignal.removeEventListener('abort', end);
        done();
      };
      const timer = setTimeout(end, timerMs(ms));
      this.stopSignal.addEventListener('abort', end);
    });
  }

  /** The run is over: its deadline no longer runs. */
  dispose(): void {
    clearTimeout(this.deadlineTimer);
    this.deadlineTimer = undefined;
  }

  /** An answer (not a 429): the server made progress; its quota fields, if any, set the pace. */
  answered(headers: Readonly<Record<string, string | undefined>>): void {
    this.patience.progress();
    this.backoff.reset();
    this.burstsInRow = 0;
    this.learner.answered();
    const hint = this.hintOf(headers);
    if (hint) this.follow(hint);
    // the quota is spent until its reset: wait for it rather than meet a 429 (within --max-wait)
    if (hint?.remaining === 0 && hint.resetMs !== undefined && hint.resetMs > 0)
      this.pause(hint.resetMs, hint.source === 'RateLimit' ? 'RateLimit: no quota left' : 'X-RateLimit-Remaining: 0');
  }

  /**
   * A 429 to a request sent at `sentAt` (performance.now()): pause the whole run and retry, or give
   * up (--max-wait). The 429s of one burst (answers to requests sent before its first came back)
   * pause the run once; only a new burst measures the rate, and one that follows another with no
   * progress between backs off at least as long as a hintless one would, so a server answering
   * `Retry-After: 0` to everything is not hammered.
   */
  limited(headers: Readonly<Record<string, string | undefined>>, sentAt = this.now()): LimitedDecision {
    const hint = this.hintOf(headers);
    if (hint) this.follow(hint);
    const retryAfter = retryAfterMs(headers['retry-after'], headers['date']);
    const asked = retryAfter ?? hint?.resetMs;
    const askedBy =
      retryAfter !== undefined ? 'Retry-After' : asked !== undefined ? `${hint!.source} reset` : 'no hint: back-off';
    const giveUp = this.patience.giveUp(asked, askedBy);
    if (giveUp !== undefined) return { retry: false, giveUp };
    const share = this.learner.refused();
    if (hint === undefined && asked !== undefined && asked <= SHED_WAIT_MS && share <= SHED_SHARE) {
      // load shedding, not a quota: this request waits what it was asked, the run goes on at its
      // pace, and a learned rate does not grow past the point where the server sheds
      this.grownAt = this.now();
      this.shed += 1;
      return { retry: true, holdMs: asked };
    }
    const newBurst = sentAt >= this.burstAt;
    if (!newBurst) {
      // the burst's pause is under way; a longer wait this answer asks for still holds
      if (asked !== undefined) this.pause(asked, askedBy);
      return { retry: true };
    }
    this.burstAt = this.now();
    this.burstsInRow += 1;
    const wait =
      asked === undefined ? this.backoff.next() : this.burstsInRow > 1 ? Math.max(asked, this.backoff.next()) : asked;
    this.learn(wait);
    this.pause(wait, asked === undefined || wait > asked ? 'no hint: back-off' : askedBy);
    return { retry: true };
  }

  /** The quota the server named (a policy: quota per window) as a phrase, `600 requests/min`; undefined when none. */
  quotaText(): string | undefined {
    const q = this.quota;
    if (q?.limit === undefined || q.windowS === undefined) return undefined;
    const per = q.windowS === 60 ? '/min' : q.windowS === 1 ? '/s' : ` per ${q.windowS} s`;
    return `${q.limit} requests${per}`;
  }

  /** The rate the run sends at, as measured from the server's 429s or taken from its policy: `about 9.6 requests/s`. */
  rateText(): string | undefined {
    const r = this.quota?.ratePerS;
    if (r === undefined) return undefined;
    return `about ${r >= 10 ? Math.round(r) : r >= 0.1 ? r.toFixed(1) : r.toPrecision(1)} requests/s`;
  }

  /** What the run sends at, in words: the server's quota when it named one, else the rate measured. */
  paceText(): string | undefined {
    return this.quotaText() ?? (this.quota ? `${this.rateText()!} as measured` : undefined);
  }

  /** How long the current pause still lasts (ms); 0 when none, or when the run stopped hard. */
  pauseLeftMs(): number {
    if (this.stoppedHard) return 0;
    return Math.max(0, this.pacer.notBefore - this.now());
  }

  /** Takes a note once (the console hears it once). */
  note(text: string): void {
    if (this.notes.includes(text)) return;
    this.notes.push(text);
    this.onNote?.(text);
  }

  /** The quota an answer's fields describe, those that name no quota left out and said once. */
  private hintOf(headers: Readonly<Record<string, string | undefined>>): QuotaHint | undefined {
    const { headers: sane, malformed } = saneQuotaFields(headers);
    for (const m of malformed) {
      const name = m.split(':')[0]!;
      // once a field: a server sending junk on every answer is said to once, with its first value
      if (this.ignoredFields.has(name)) continue;
      this.ignoredFields.add(name);
      this.note(`ignored the quota field \`${m}\`: it names no quota (a number that is 0, negative or not finite)`);
    }
    const hint = quotaFields(sane);
    const fields = announcedFields(sane);
    // what the server announced, as it said it, even when it names no quota the run can follow
    if (Object.keys(fields).length > 0) this.announced = { fields, parsed: { ...plainRead(sane), ...hint } };
    return hint;
  }

  /**
   * The one place a wait the server asks for begins, from any answer (a 429's Retry-After or quota
   * fields, a successful answer's spent quota): longer than --max-wait, the run stops instead.
   */
  private pause(waitMs: number, askedBy: string): void {
    const tooLong = this.patience.tooLong(waitMs, askedBy);
    if (tooLong !== undefined) {
      this.giveUp(tooLong);
      return;
    }
    const t = this.now();
    const until = t + waitMs;
    // `Retry-After: 0` is no pause; a wait within one under way adds nothing
    if (waitMs <= 0 || until <= this.pacer.notBefore) return;
    // the time the run stood still, counted once however many 429s of one burst asked for it
    this.waitedMs += until - Math.max(t, this.pausedUntil);
    if (t >= this.pausedUntil) this.pauses += 1;
    this.pausedUntil = until;
    this.longestWaitMs = Math.max(this.longestWaitMs, waitMs);
    this.pacer.pauseUntil(until);
    this.onPause?.({ waitMs, askedBy });
  }

  /** The rate the server names: its policy (quota per window). */
  private follow(hint: QuotaHint): void {
    if (hint.limit === undefined || hint.windowS === undefined) return;
    const named = hint.limit / hint.windowS;
    const rate = Math.max(MIN_NAMED_RATE, named);
    if (rate > named)
      this.note(
        `the server names a quota of ${hint.limit} requests per ${hint.windowS} s; the run sends at least one request every ${waitText(1000 / MIN_NAMED_RATE)} (a 429 then says how long to wait, within --max-wait)`,
      );
    if (this.quota?.source === 'RateLimit' && this.quota.ratePerS === rate) return;
    this.quota = { ratePerS: rate, limit: hint.limit, windowS: hint.windowS, source: 'RateLimit' };
    this.pacer.setRate(rate, Math.min(hint.limit, Math.max(1, rate)));
  }

  /** A 429 the server named no policy for: the rate it sustains, measured (rate-learner.ts). */
  private learn(waitMs: number): void {
    const measured = this.learner.limited(waitMs);
    const current = this.pacer.rate;
    const rate = measured ?? (current !== undefined ? current / 2 : undefined);
    if (rate === undefined) return;
    // a policy the server named is not raised by a measurement, only lowered
    if (this.quota?.source === 'RateLimit' && rate >= this.quota.ratePerS) return;
    this.quota =
      this.quota?.source === 'RateLimit' ? { ...this.quota, ratePerS: rate } : { ratePerS: rate, source: '429s' };
    this.pacer.setRate(rate);
    this.grownAt = this.now();
  }

  /** Requests wait on the rate and no 429 came for a second: a learned rate creeps up. */
  private grow(): void {
    const t = this.now();
    if (this.quota?.source !== '429s' || this.pacer.rate === undefined || t - this.grownAt < 1000) return;
    this.grownAt = t;
    const rate = this.pacer.rate * (1 + GROWTH_PER_S);
    this.quota = { ratePerS: rate, source: '429s' };
    this.pacer.setRate(rate);
  }
}

/** The quota fields of an answer, verbatim: at most 8, each cut at 200 characters (server text, bounded). */
function announcedFields(h: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  const names = Object.keys(h).filter((k) => /^(x-)?ratelimit(-[a-z-]{1,40})?$/.test(k));
  for (const k of names.slice(0, 8)) out[k] = h[k]!.slice(0, 200);
  return out;
}

/** The numbers of the separate fields as they read alone (`RateLimit-Limit: 300` with no window is still 300). */
function plainRead(h: Readonly<Record<string, string | undefined>>): QuotaHint {
  const first = (...names: string[]) => {
    const v = names.map((n) => h[n]).find((x) => x !== undefined);
    const m = /^\s*(\d+(?:\.\d+)?)/.exec(v ?? '');
    return m ? Number(m[1]) : undefined;
  };
  const limit = first('ratelimit-limit', 'x-ratelimit-limit');
  const remaining = first('ratelimit-remaining', 'x-ratelimit-remaining');
  const reset = first('ratelimit-reset');
  return {
    source: 'RateLimit',
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(reset !== undefined ? { resetMs: reset * 1000 } : {}),
  };
}
