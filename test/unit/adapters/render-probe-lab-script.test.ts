/**
 * The lab probe's page script (server/adapters/render-probe-lab-script.ts) computes the metrics as their
 * definitions say, fed performance entries directly (a VM context stands in for the page): CLS is the largest
 * session window (a 1 s gap or 5 s of window starts a new one) of shifts without recent input, its elements
 * the ones that moved in that window; TBT sums each long task's time past 50 ms counted from first contentful
 * paint; LCP is the last candidate. The real browser's side is in test/integration/audit/audit-lab.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createContext, runInContext } from 'node:vm';
import { LAB_KEY, LAB_SCRIPT, type LabReading } from '../../../server/adapters/render-probe-lab-script.js';

type Entry = Record<string, unknown>;

interface FakeElement {
  nodeType: 1;
  localName: string;
  id: string;
  className: string;
  parentElement: FakeElement | null;
  textContent: string;
  getAttribute(name: string): string | null;
}

const element = (localName: string, id: string, text: string): FakeElement => ({
  nodeType: 1,
  localName,
  id,
  className: '',
  parentElement: null,
  textContent: text,
  getAttribute: () => null,
});

/** A page with the script installed; `feed` delivers entries as Chromium's observers would. */
function page(fcp: number | null) {
  const observers = new Map<string, (list: { getEntries(): Entry[] }) => void>();
  const ctx: Record<string, unknown> = {
    PerformanceObserver: class {
      constructor(private readonly cb: (list: { getEntries(): Entry[] }) => void) {}
      observe({ type }: { type: string }) {
        observers.set(type, this.cb);
      }
    },
    performance: {
      now: () => 10_000,
      getEntriesByName: (name: string) =>
        name === 'first-contentful-paint' && fcp !== null ? [{ startTime: fcp }] : [],
    },
    document: { readyState: 'complete', images: [], body: { innerText: '' } },
    getComputedStyle: () => ({ backgroundImage: 'none' }),
    innerWidth: 1350,
    innerHeight: 940,
    requestAnimationFrame: (cb: () => void) => setTimeout(cb, 0),
    setTimeout,
    clearTimeout,
    addEventListener: () => {},
    Promise,
  };
  ctx.window = ctx;
  ctx.top = ctx;
  createContext(ctx);
  runInContext(LAB_SCRIPT, ctx);
  return {
    feed(type: string, entries: Entry[]) {
      observers.get(type)!({ getEntries: () => entries });
    },
    // Cloned out of the context's realm, as Chromium serialises the answer of page.evaluate.
    read: async () =>
      JSON.parse(
        JSON.stringify(await (ctx[LAB_KEY] as { read(ms: number): Promise<LabReading> }).read(0)),
      ) as LabReading,
  };
}

const shift = (t: number, value: number, node?: FakeElement, hadRecentInput = false): Entry => ({
  startTime: t,
  value,
  hadRecentInput,
  sources: node ? [{ node }] : [],
});

describe('lab metrics as defined', () => {
  it('CLS is the largest session window; a 1 s gap or 5 s of window starts a new one', async () => {
    const p = page(100);
    const banner = element('div', 'banner', 'Winter sale');
    const main = element('main', 'content', 'Offers');
    p.feed('layout-shift', [
      shift(200, 0.04, main),
      shift(900, 0.04, main), // same window (0.7 s gap)
      shift(2_100, 0.05, banner), // 1.2 s gap: a new window
      shift(2_500, 0.05, banner),
      shift(3_000, 0.3, banner, true), // after input: not counted
    ]);
    // A window of shifts every 0.9 s is cut at 5 s: 6 shifts, not 8.
    p.feed(
      'layout-shift',
      Array.from({ length: 8 }, (_, i) => shift(10_000 + i * 900, 0.02)),
    );
    const r = await p.read();
    assert.equal(Math.round(r.cls * 1000) / 1000, 0.12);
    const q = page(100);
    q.feed('layout-shift', [
      shift(200, 0.04, main),
      shift(900, 0.04, main),
      shift(2_100, 0.05, banner),
      shift(2_500, 0.05, banner),
    ]);
    const r2 = await q.read();
    assert.equal(Math.round(r2.cls * 1000) / 1000, 0.1);
    assert.deepEqual(r2.shifts, [{ selector: 'div#banner', text: 'Winter sale', value: 0.1 }]);
  });

  it('TBT counts each long task past 50 ms from first contentful paint on', async () => {
    const p = page(1_000);
    p.feed('longtask', [
      { startTime: 100, duration: 400 }, // over before FCP
      { startTime: 900, duration: 200 }, // 100 ms after FCP: 50 blocking
      { startTime: 2_000, duration: 45 }, // short: none
      { startTime: 3_000, duration: 600 }, // 550
    ]);
    assert.equal((await p.read()).tbt, 600);
  });

  it('LCP is the last candidate, with its element', async () => {
    const p = page(100);
    p.feed('largest-contentful-paint', [
      { startTime: 120, size: 4_000, element: element('p', '', 'Intro') },
      { startTime: 3_100, size: 368_640, element: element('img', 'hero', '') },
    ]);
    const r = await p.read();
    assert.equal(r.lcp?.time, 3_100);
    assert.deepEqual(r.lcp?.element, { selector: 'img#hero', text: '' });
    assert.equal(r.loaded, true);
  });
});
