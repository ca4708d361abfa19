/**
 * Page experience in the lab (#36 §3): LCP, CLS, total blocking time, transferred bytes and requests of each
 * rendered page, read from the browser's own performance entries in the tab that rendered it, under a fixed
 * profile (viewport, and on `mobile` a throttled network and CPU). An observer installed before any script of
 * the page keeps the largest-contentful-paint, layout-shift and longtask entries; after the render settled the
 * probe waits for the load event (images count for LCP and weight) and the paint of late images, and reads them. Bytes come
 * from a DevTools session's Network events, since resource timing hides the size of cross-origin responses.
 *
 * These are lab figures of one load on this computer, not Core Web Vitals (docs/page-experience.md).
 */
import type { CDPSession, Page } from 'puppeteer-core';
import type { RenderProbe, RenderProbeFactory } from './render-probe.js';
import type { LabFigures, LabProfileName } from '../schemas/page-lab.js';
import { LAB_SCRIPT, LAB_KEY, type LabReading } from './render-probe-lab-script.js';

export const LAB_PROBE = 'lab';

/**
 * What a tab still blocks while measuring: video and audio (a page's weight is what it needs to show, and media
 * streams on as long as it plays). Images and fonts load, since LCP is often an image and they are most of a
 * page's weight.
 */
export const LAB_BLOCKED_TYPES = ['media'] as const;

/**
 * Lighthouse's two profiles. Desktop: a 1350×940 window, no throttling. Mobile: Lighthouse's Moto G Power, 412×823
 * at DPR 1.75, "slow 4G" (150 ms RTT, 1.6 Mbps down, 750 kbps up) and a 4× slower CPU. The main document is
 * answered by the tab from the crawler's body, so throttling applies to everything it loads, not to the HTML.
 */
export const LAB_PROFILES = {
  desktop: { width: 1350, height: 940, scale: 1, mobile: false, network: null, cpuSlowdown: 1 },
  mobile: {
    width: 412,
    height: 823,
    scale: 1.75,
    mobile: true,
    network: { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 },
    cpuSlowdown: 4,
  },
} as const satisfies Record<LabProfileName, unknown>;
export type LabProfile = LabProfileName;

interface Transfer {
  url: string;
  bytes: number;
  cached: boolean;
  done: boolean;
}

// Sizes of what the site served, by URL, shared by the crawl's tabs: Chromium's cache answers the second page
// that loads a stylesheet from disk, but a visitor's first page downloads it. Bounded; a URL evicted is counted at
// what its cache hit reports (a few hundred bytes of headers), which undercounts rather than guesses.
const MAX_KNOWN_SIZES = 20_000;

// Waiting for load after the render settled is the measuring's own cost: a page whose images never finish is
// read as it stands once this share of the probe's budget is gone.
const LOAD_SHARE = 0.8;

class LabProbe implements RenderProbe {
  readonly name = LAB_PROBE;
  #cdp: CDPSession | null = null;
  #transfers = new Map<string, Transfer>();
  #documentUrl = '';

  constructor(
    private readonly profile: LabProfile,
    private readonly known: Map<string, number>,
  ) {}

  async install(page: Page): Promise<void> {
    const p = LAB_PROFILES[this.profile];
    await page.setViewport({
      width: p.width,
      height: p.height,
      deviceScaleFactor: p.scale,
      isMobile: p.mobile,
      hasTouch: p.mobile,
    });
    if (p.network) {
      await page.emulateNetworkConditions({
        download: p.network.download,
        upload: p.network.upload,
        latency: p.network.latency,
      });
    }
    if (p.cpuSlowdown > 1) await page.emulateCPUThrottling(p.cpuSlowdown);
    await page.evaluateOnNewDocument(LAB_SCRIPT);
    const cdp = await page.createCDPSession();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.startsWith('http')) return;
      // A redirect reuses its request id: the hop's bytes were reported in its redirectResponse.
      const prior = this.#transfers.get(e.requestId);
      const hop = e.redirectResponse ? e.redirectResponse.encodedDataLength : 0;
      this.#transfers.set(e.requestId, {
        url: e.request.url,
        bytes: (prior?.bytes ?? 0) + hop,
        cached: false,
        done: false,
      });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const t = this.#transfers.get(e.requestId);
      if (t) t.cached = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const t = this.#transfers.get(e.requestId);
      if (t && (e.response.fromDiskCache || e.response.fromPrefetchCache)) t.cached = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const t = this.#transfers.get(e.requestId);
      if (!t) return;
      t.done = true;
      if (t.cached) {
        t.bytes += this.known.get(t.url) ?? e.encodedDataLength;
      } else {
        t.bytes += e.encodedDataLength;
        if (this.known.size >= MAX_KNOWN_SIZES) this.known.delete(this.known.keys().next().value!);
        this.known.set(t.url, e.encodedDataLength);
      }
    });
    await cdp.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
    // The pool's tabs share one headless window, so all but the front one are hidden: Chromium paints nothing
    // there, and LCP, layout shifts and the frames the probe waits on never come. Emulated focus has every tab
    // render as the visible one; measured on the fixture site with 4 tabs, LCP was missing on 5 of 8 pages
    // without it and on none with it.
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    this.#cdp = cdp;
  }

  begin(url: string): void {
    this.#transfers = new Map();
    this.#documentUrl = url.split('#')[0]!;
  }

  async collect(page: Page, budgetMs: number): Promise<LabFigures | null> {
    if (!this.#cdp) return null;
    const waitMs = Math.max(0, Math.floor(budgetMs * LOAD_SHARE) - 100);
    const reading = (await page.evaluate(
      `globalThis.${LAB_KEY}?.read(${waitMs}) ?? null`,
    )) as LabReading | null;
    if (!reading) return null;
    let transfer = 0;
    // The document was answered by the tab from the crawler's body: one request, its bytes the crawl's
    // (crawl-writer adds them).
    let requests = 1;
    for (const t of this.#transfers.values()) {
      if (!t.done || t.url.split('#')[0] === this.#documentUrl) continue;
      requests += 1;
      transfer += t.bytes;
    }
    return {
      profile: this.profile,
      lcp_ms: reading.lcp === null ? null : Math.round(reading.lcp.time),
      lcp_element: reading.lcp?.element ?? null,
      cls: Math.round(reading.cls * 10_000) / 10_000,
      shifts: reading.shifts,
      tbt_ms: Math.round(reading.tbt),
      transfer_bytes: transfer,
      requests,
      incomplete: !reading.loaded,
    };
  }
}

/** Lab probes for a crawl's tabs: one per tab, sharing what the site's resources weigh. */
export function labProbes(profile: LabProfile): RenderProbeFactory {
  const known = new Map<string, number>();
  return () => [new LabProbe(profile, known)];
}
