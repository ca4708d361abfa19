/**
 * The crawl's last fetching step (docs/crawler.md, "Resources and external links"): every image, stylesheet,
 * script and font the pages load, and every external URL they link to, checked once — after the pages, so they
 * never hold up page discovery, by the crawl's own workers, pacing and robots.txt. A check asks for headers only
 * (HEAD), and GETs where HEAD is refused; an image whose answer gives no size is counted by reading its body up
 * to a cap. Nothing is parsed or stored as a page.
 *
 * An offline laptop must not turn every external link into a finding: external hosts are probed first, and when
 * none of them answers at all (a refused connection, no DNS, no answer in time, on at least two hosts) the rest
 * of the other hosts' URLs are recorded as `offline`, which the audit does not read, and the crawl says so once.
 */
import type { FetchFailure, FetchOutcome, HttpFetcher } from '../../adapters/http-fetcher.js';
import { Slots } from '../../adapters/slots.js';
import type { Store } from '../../store/index.js';
import type { PendingResource, ResourceResult } from '../../store/repos/resources-repo.js';
import { nowIso } from '../../store/clock.js';
import type { CrawlSettings } from '../../schemas/sites.js';
import type { HostThrottle } from './host-throttle.js';
import type { RobotsCache } from './robots-cache.js';

/** An image without Content-Length is counted up to this: past it, it is "at least 4 MiB", over any budget. */
export const RESOURCE_SIZE_CAP = 4 * 1024 * 1024;
/** External hosts tried before deciding the computer is offline. */
const PROBE_HOSTS = 3;
/** Results written per transaction, or after this long. */
const BATCH = 100;
const BATCH_MS = 250;
/** Pending rows read into memory at a time (then spread over their hosts). */
const CHUNK = 2000;
/**
 * Checks in flight at once when they spread over many hosts. Politeness is per host (the throttle, and the queue
 * interleaved by host), so the crawl's `concurrency` only bounds what one host sees; a HEAD to each of many hosts
 * costs the laptop nothing but waiting on round trips, and with 8 workers 1,500 external links on 200 hosts took
 * 64 s beside a 102 s crawl (bench/external-links.ts, docs/benchmarks.md).
 */
const SPREAD_WORKERS = 32;
/** A host that left this many checks unanswered (no connection, no answer in time) is not asked again. */
const HOST_GIVE_UP = 2;
/**
 * Checks one external host has in flight at once (its pace is the throttle's): a host that never answers holds
 * this many timeouts, not one for each of its URLs the workers reach while the first ones wait. Two kept a slow
 * host with many links (500 ms a round trip) under half the pace the setting allows.
 */
const HOST_IN_FLIGHT = 4;

const OFFLINE_NOTE =
  'this computer looks offline, so external links and resources on other hosts were not checked.';

/** A failure that says nothing reached the host: what an offline computer gets for every external request. */
const UNREACHED: ReadonlySet<FetchFailure> = new Set([
  'dns',
  'connection_refused',
  'timeout',
  'address_refused',
]);
/**
 * HEAD refusals worth a GET: 405 and 501 say the method is not supported, and some servers and CDNs answer HEAD
 * with 400, 403 or a 5xx they never give a browser. 404 and 410 are believed (a GET would only say so again).
 */
const believeHead = (status: number) => status < 400 || status === 404 || status === 410;

export interface ResourceCheckOptions {
  siteId: number;
  settings: CrawlSettings;
  signal: AbortSignal;
  /** Whether a URL is on the site (its robots.txt is the crawl's); other hosts are "external". */
  isInternal(url: string): boolean;
  /** robots.txt of the site's hosts (the crawl's cache) and of other hosts (read for resources only). */
  robots: { internal: RobotsCache; external: RobotsCache };
  note(note: string): void;
  progress(done: number, total: number): void;
}

export interface ResourceCheckReport {
  checked: number;
  /** No external host answered: their URLs were not checked. */
  offline: boolean;
}

export class ResourceChecker {
  private results: ResourceResult[] = [];
  private oldest = 0;
  private done = 0;
  private total = 0;
  /** null until the probe decides. */
  private offline: boolean | null = null;
  /** External hosts that gave no answer, with how many times and how (check()). */
  private readonly deadHosts = new Map<string, { count: number; error: FetchFailure }>();
  /** Each external host's HOST_IN_FLIGHT slots for checks. */
  private readonly inFlight = new Map<string, Slots>();

  constructor(
    private readonly store: Store,
    private readonly fetcher: HttpFetcher,
    private readonly throttle: HostThrottle,
    private readonly o: ResourceCheckOptions,
  ) {}

  async run(): Promise<ResourceCheckReport> {
    const { store, o } = this;
    store.tx(() => store.resources.settle(o.siteId, o.settings.check_external_links));
    // A resumed crawl carries on: its progress counts the whole phase, and an earlier run's offline verdict
    // stands (probing again would check its remaining external URLs one by one until the timeout).
    const counts = store.resources.counts(o.siteId);
    this.total = counts.pending + counts.checked;
    this.done = counts.checked;
    o.progress(this.done, this.total);
    if (counts.offline > 0) {
      this.offline = true;
      o.note(`An earlier run of this crawl found no external host answering: ${OFFLINE_NOTE}`);
    }
    try {
      let after = 0;
      for (;;) {
        const chunk = store.resources.pending(o.siteId, after, CHUNK);
        if (!chunk.length) break;
        after = chunk[chunk.length - 1]!.id;
        const work = chunk.filter((r) => this.wanted(r));
        if (this.offline === null) await this.probe(work);
        await this.drain(interleaveHosts(work));
        this.flush();
      }
    } finally {
      this.flush();
    }
    // Over the whole phase, an earlier cancelled run's checks included.
    return { checked: store.resources.counts(o.siteId).examined, offline: this.offline === true };
  }

  /** Rows decided without a request: unwanted by the settings, or one of the site's fetched pages. */
  private wanted(r: PendingResource): boolean {
    const s = this.o.settings;
    const loaded = r.loaded === 1 && s.check_resources;
    // A crawl that strips every query stored its links' targets without theirs: checking those would test other URLs.
    const linked =
      r.linked === 1 && s.check_external_links && s.query_params !== 'strip' && !this.o.isInternal(r.url);
    if (r.page_fetched === 1) {
      this.add({
        ...empty(r.id),
        status_code: r.page_status,
        fetch_error: r.page_error,
        content_type: r.page_type,
        bytes: r.page_bytes,
      });
      return false;
    }
    if (loaded || linked) return true;
    this.add({ ...empty(r.id), fetch_error: 'not_checked' });
    return false;
  }

  /**
   * Up to PROBE_HOSTS external hosts' first URLs, at once. Offline when at least two were tried and none was
   * reached; with a single external host a dead host and an offline computer cannot be told apart, and its
   * links are checked (and listed) as they are.
   */
  private async probe(work: PendingResource[]): Promise<void> {
    const firsts = new Map<string, PendingResource>();
    for (const r of work) {
      if (this.o.isInternal(r.url)) continue;
      const host = hostOf(r.url);
      if (!firsts.has(host)) firsts.set(host, r);
      if (firsts.size >= PROBE_HOSTS) break;
    }
    if (firsts.size === 0) return;
    const probed = [...firsts.values()];
    const outcomes = await Promise.all(probed.map((r) => this.check(r)));
    for (let i = 0; i < probed.length; i++) work.splice(work.indexOf(probed[i]!), 1);
    const reached = outcomes.some(
      (res) => res.fetch_error === null || !UNREACHED.has(res.fetch_error as FetchFailure),
    );
    if (probed.length >= 2 && !reached) {
      this.offline = true;
      for (const res of outcomes) this.add({ ...empty(res.id), fetch_error: 'offline' });
      this.o.note(`No external host answered (${[...firsts.keys()].join(', ')} tried): ${OFFLINE_NOTE}`);
    } else {
      this.offline = reached ? false : null;
      for (const res of outcomes) this.add(res);
    }
  }

  private async drain(queue: PendingResource[]): Promise<void> {
    let next = 0;
    const hosts = new Set(queue.map((r) => hostOf(r.url))).size;
    const workers = Math.max(this.o.settings.concurrency, Math.min(SPREAD_WORKERS, hosts));
    const worker = async () => {
      while (next < queue.length) {
        this.o.signal.throwIfAborted();
        const r = queue[next++]!;
        if (this.offline === true && !this.o.isInternal(r.url)) {
          this.add({ ...empty(r.id), fetch_error: 'offline' });
          continue;
        }
        this.add(await this.check(r));
      }
    };
    // Every worker settles before a cancel is passed on, at once since each request listens on the signal: a
    // check whose answer came in as the crawl was cancelled is written, not lost and fetched again on resume.
    const settled = await Promise.allSettled(Array.from({ length: workers }, worker));
    const failed = settled.find((x) => x.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * One resource: robots.txt, then HEAD, then GET where HEAD was refused or an image's size is unknown. An
   * external host that twice gave no answer at all (a dead server, a firewall dropping packets: each costs a
   * whole timeout) has its other URLs recorded with its failure instead of waiting out a timeout for each.
   */
  private async check(r: PendingResource): Promise<ResourceResult> {
    const internal = this.o.isInternal(r.url);
    if (internal) return this.checkOnce(r, internal);
    const host = hostOf(r.url);
    let slots = this.inFlight.get(host);
    if (!slots) this.inFlight.set(host, (slots = new Slots(HOST_IN_FLIGHT)));
    await slots.acquire(this.o.signal);
    try {
      const dead = this.deadHosts.get(host);
      if (dead && dead.count >= HOST_GIVE_UP) return { ...empty(r.id), fetch_error: dead.error };
      const result = await this.checkOnce(r, internal);
      const failure = result.fetch_error as FetchFailure | null;
      if (failure !== null && UNREACHED.has(failure) && result.status_code === null)
        this.deadHosts.set(host, { count: (dead?.count ?? 0) + 1, error: failure });
      else if (result.status_code !== null) this.deadHosts.delete(host);
      return result;
    } finally {
      slots.release();
    }
  }

  private async checkOnce(r: PendingResource, internal: boolean): Promise<ResourceResult> {
    // External links are checked as a visitor would follow them, without reading the host's robots.txt (one
    // request a link); what a page loads is fetched as a crawler would, and obeys it on every host.
    if (r.loaded === 1 && this.o.settings.check_resources) {
      const robots = internal ? this.o.robots.internal : this.o.robots.external;
      if (!(await robots.isAllowed(r.url))) return { ...empty(r.id), fetch_error: 'blocked_by_robots' };
    }
    const sized = r.image === 1;
    let method: 'HEAD' | 'GET' = 'HEAD';
    let outcome = await this.request(r.url, 'HEAD', false);
    const refused = outcome.ok
      ? !believeHead(outcome.result.status)
      : outcome.error === 'protocol' || outcome.error === 'connection_reset';
    const noSize =
      sized &&
      outcome.ok &&
      outcome.result.status < 300 &&
      outcome.result.headers['content-length'] === undefined;
    if (refused || noSize) {
      method = 'GET';
      outcome = await this.request(r.url, 'GET', sized);
    }
    if (!outcome.ok)
      return { ...empty(r.id), fetch_error: outcome.error, method, response_ms: outcome.responseMs };
    const res = outcome.result;
    return {
      ...empty(r.id),
      status_code: res.status,
      content_type: res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null,
      bytes: res.bytes,
      bytes_capped: res.truncated,
      method,
      response_ms: res.responseMs,
    };
  }

  private async request(url: string, method: 'HEAD' | 'GET', count: boolean): Promise<FetchOutcome> {
    const s = this.o.settings;
    await this.throttle.wait(hostOf(url), this.o.signal);
    return this.fetcher.fetch(url, {
      method,
      userAgent: s.user_agent,
      timeoutMs: s.timeout_ms,
      maxBytes: RESOURCE_SIZE_CAP,
      signal: this.o.signal,
      accept: '*/*',
      // A body is read only to count an image's bytes when its answer did not say them.
      wantBody: (status, headers) =>
        count && method === 'GET' && status >= 200 && status < 300 && headers['content-length'] === undefined,
    });
  }

  private add(result: ResourceResult): void {
    if (!this.results.length) this.oldest = Date.now();
    this.results.push(result);
    this.done++;
    if (this.results.length >= BATCH || Date.now() - this.oldest >= BATCH_MS) this.flush();
  }

  private flush(): void {
    if (!this.results.length) return;
    const batch = this.results;
    this.results = [];
    this.store.tx(() => this.store.resources.record(batch));
    this.o.progress(this.done, this.total);
  }
}

function empty(id: number): ResourceResult {
  return {
    id,
    status_code: null,
    fetch_error: null,
    content_type: null,
    bytes: null,
    bytes_capped: false,
    method: null,
    response_ms: null,
    checked_at: nowIso(),
  };
}

const hostOf = (url: string) => new URL(url).host;

/**
 * Round-robin over hosts: the i-th URL of every host before the (i+1)-th of any, so the workers spread over the
 * hosts instead of queueing on one host's pace while the others wait.
 */
export function interleaveHosts<T extends { url: string }>(rows: readonly T[]): T[] {
  const byHost = new Map<string, T[]>();
  for (const r of rows) {
    const h = hostOf(r.url);
    let list = byHost.get(h);
    if (!list) byHost.set(h, (list = []));
    list.push(r);
  }
  const lists = [...byHost.values()];
  const out: T[] = [];
  for (let i = 0; out.length < rows.length; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}
