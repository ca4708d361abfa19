/**
 * How long a running embed job will take to embed the rest of a site's passages, from its own measured rate: a
 * search shown meanwhile says "full results in about 3 min", and a job waiting for the passages says when it
 * will run. The work of a page is counted in bytes of its text and title (UTF-8, which SQLite sums without
 * reading the texts), which the encoder's cost follows: the q8 model runs one text at a time, so there is no
 * padding between short and long texts, and a page rate would be wrong by the spread of page lengths
 * (PostgreSQL's manual: 0.3 to 200 kB of text a page). Kept in memory: an estimate is only worth having while the
 * job runs, and a restarted job measures again.
 */

/**
 * The bytes a lead of 128 word pieces takes: the median of four real manuals' pages (~560 characters,
 * site-embedding.ts); a shorter page's lead is the page.
 */
const LEAD_BYTES = 560;

interface Run {
  phase: 'searchable' | 'embedding';
  /** First phase: pages still to give a lead vector, and the pages, bytes and seconds of those done. */
  leadsLeft: number;
  leadsDone: number;
  leadBytes: number;
  leadSeconds: number;
  /** Second phase: bytes of every page still to embed, and those done with the seconds they took. */
  passageBytes: number;
  passageDone: number;
  passageSeconds: number;
  /** When the current batch of measured work started. */
  since: number;
}

/** The clock the estimate reads; tests pass their own. */
export type Now = () => number;

const bytes = (text: string) => Buffer.byteLength(text);
/** The bytes a page's lead embeds. */
export const leadBytes = (title: string, text: string) => bytes(title) + Math.min(bytes(text), LEAD_BYTES);
/** The bytes a page's passages embed. */
export const pageBytes = (title: string, text: string) => bytes(title) + bytes(text);

/** The running embed jobs' progress by site, and what it says of the time left. */
export class EmbedEta {
  private readonly runs = new Map<number, Run>();

  constructor(private readonly now: Now = () => Date.now()) {}

  /**
   * A job of the site starts: `leads` pages will get a lead vector, then `passageBytes` bytes of pages (leads
   * included) will be embedded in full. Returns what the job tells as it goes.
   */
  begin(siteId: number, work: { leads: number; passageBytes: number }) {
    const run: Run = {
      phase: 'searchable',
      leadsLeft: work.leads,
      leadsDone: 0,
      leadBytes: 0,
      leadSeconds: 0,
      passageBytes: work.passageBytes,
      passageDone: 0,
      passageSeconds: 0,
      since: this.now(),
    };
    this.runs.set(siteId, run);
    const lap = () => {
      const t = this.now();
      const seconds = (t - run.since) / 1000;
      run.since = t;
      return seconds;
    };
    return {
      /** A batch of `pages` pages got their lead vectors, `done` bytes embedded (`leadBytes`). */
      leads: (pages: number, done: number) => {
        run.leadSeconds += lap();
        run.leadBytes += done;
        run.leadsDone += pages;
        run.leadsLeft = Math.max(0, run.leadsLeft - pages);
      },
      passagesStart: () => {
        run.phase = 'embedding';
        lap();
      },
      /** A batch of pages got their passages, `done` bytes embedded (`pageBytes`). */
      passages: (done: number) => {
        run.passageSeconds += lap();
        run.passageDone += done;
      },
      /** The job ended, however it ended: nothing of it is estimated any more. */
      end: () => {
        if (this.runs.get(siteId) === run) this.runs.delete(siteId);
      },
    };
  }

  /**
   * Seconds until the site's passages are all embedded, or null when no job of the site runs or nothing has been
   * measured yet. Before the second phase has measured itself, its rate is taken from the first phase's: both
   * run the same encoder over texts of at most 256 word pieces, leads of at most 128.
   */
  secondsLeft(siteId: number): number | null {
    const run = this.runs.get(siteId);
    if (!run) return null;
    const left = Math.max(0, run.passageBytes - run.passageDone);
    if (run.phase === 'embedding' && run.passageDone > 0 && run.passageSeconds > 0) {
      // The batch in progress has been running for a while already: the estimate counts it as begun.
      const rate = run.passageDone / run.passageSeconds;
      const inBatch = (this.now() - run.since) / 1000;
      return Math.max(0, left / rate - inBatch);
    }
    if (run.leadsDone > 0 && run.leadSeconds > 0) {
      const rate = run.leadBytes / run.leadSeconds;
      const leads = run.phase === 'searchable' ? run.leadsLeft * (run.leadBytes / run.leadsDone) : 0;
      return (leads + left) / rate;
    }
    return null;
  }
}

/** What a job tells the estimate as it goes. */
export type EtaRun = ReturnType<EmbedEta['begin']>;

/** A time left in words, as rough as the estimate: "about 40 s", "about 3 min", "about 1 h 20 min". */
export function aboutTime(seconds: number): string {
  if (seconds < 55) return `about ${Math.max(10, Math.round(seconds / 10) * 10)} s`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `about ${minutes} min`;
  const h = Math.floor(minutes / 60);
  return `about ${h} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}
