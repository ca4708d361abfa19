/**
 * The lab probe's script (render-probe-lab.ts), installed with evaluateOnNewDocument so its observers exist
 * before the page's first script and first paint. It keeps the entries the metrics are defined on and computes
 * them when asked:
 * - LCP: the last `largest-contentful-paint` entry (Chromium emits a new one whenever a larger element paints,
 *   and stops at the first input; the probe gives none).
 * - CLS: web-vitals' session windows over `layout-shift` entries without recent input (a window ends after a 1 s
 *   gap or at 5 s), the largest window's sum.
 * - TBT: Lighthouse's sum over long tasks of their time past 50 ms, each clipped to start at first contentful
 *   paint, up to the moment of reading (the end of load and settle here; Lighthouse stops at TTI).
 * Elements are described when their entry arrives (a shifted banner may be gone later): a selector of at most
 * three steps, cut at an id, and a text of at most 100 characters. Everything is bounded: it runs on any page.
 */
export const LAB_KEY = '__siteloupeLab';
const IMAGE_WAIT_MS = 500;

export interface LabReading {
  lcp: { time: number; size: number; element: { selector: string; text: string } | null } | null;
  cls: number;
  shifts: { selector: string; text: string; value: number }[];
  tbt: number;
  loaded: boolean;
}

export const LAB_SCRIPT = `(() => {
  if (window !== window.top || Object.prototype.hasOwnProperty.call(window, '${LAB_KEY}')) return;
  const MAX_SHIFTS = 500;
  const MAX_TASKS = 2000;
  let lcp = null;
  const shifts = [];
  const tasks = [];
  const cut = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
  const step = (el) => {
    let s = el.localName;
    if (el.id) return s + '#' + cut(el.id, 60);
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).filter(Boolean) : [];
    if (classes.length) s += '.' + classes.slice(0, 2).map((c) => cut(c, 40)).join('.');
    return s;
  };
  const describe = (node) => {
    let el = node && node.nodeType === 1 ? node : node && node.parentElement;
    if (!el) return null;
    const parts = [];
    for (let at = el; at && at.nodeType === 1 && parts.length < 3; at = at.parentElement) {
      parts.unshift(step(at));
      if (at.id || at === document.body) break;
    }
    let text = '';
    if (el.localName === 'img') {
      const src = el.currentSrc || el.getAttribute('src') || '';
      text = (el.getAttribute('alt') || '').trim() || src.split(/[?#]/)[0].split('/').pop() || '';
    } else if (el.localName === 'video') {
      text = (el.getAttribute('poster') || '').split('/').pop() || '';
    } else {
      text = (el.textContent || '').replace(/\\s+/g, ' ').trim();
      if (!text) {
        const bg = getComputedStyle(el).backgroundImage;
        const m = /url\\(["']?([^"')]*)/.exec(bg || '');
        if (m) text = m[1].split(/[?#]/)[0].split('/').pop() || '';
      }
    }
    return { selector: cut(parts.join(' > '), 200), text: cut(text, 100) };
  };
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) fn(e); })
        .observe({ type, buffered: true });
    } catch {}
  };
  observe('largest-contentful-paint', (e) => { lcp = { time: e.startTime, size: e.size, element: describe(e.element) }; });
  observe('layout-shift', (e) => {
    if (e.hadRecentInput || shifts.length >= MAX_SHIFTS) return;
    const sources = [];
    for (const s of e.sources || []) {
      const d = describe(s.node);
      if (d) sources.push(d);
      if (sources.length >= 5) break;
    }
    shifts.push({ t: e.startTime, v: e.value, sources });
  });
  observe('longtask', (e) => { if (tasks.length < MAX_TASKS) tasks.push([e.startTime, e.duration]); });

  const cls = () => {
    let best = { sum: 0, entries: [] };
    let cur = { sum: 0, entries: [] };
    for (const s of shifts) {
      const first = cur.entries[0];
      const last = cur.entries[cur.entries.length - 1];
      if (last && s.t - last.t < 1000 && s.t - first.t < 5000) { cur.sum += s.v; cur.entries.push(s); }
      else cur = { sum: s.v, entries: [s] };
      if (cur.sum > best.sum) best = { sum: cur.sum, entries: cur.entries.slice() };
    }
    // Each source of an entry gets the entry's value: the browser does not split a shift among what moved.
    const by = new Map();
    for (const s of best.entries) {
      for (const d of s.sources) {
        const had = by.get(d.selector);
        if (had) had.value += s.v; else by.set(d.selector, { selector: d.selector, text: d.text, value: s.v });
      }
    }
    const moved = [...by.values()].sort((a, b) => b.value - a.value).slice(0, 5)
      .map((d) => ({ ...d, value: Math.round(d.value * 10000) / 10000 }));
    return { value: best.sum, moved };
  };
  const tbt = () => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const fcp = paint ? paint.startTime : 0;
    let sum = 0;
    for (const [start, duration] of tasks) {
      const end = start + duration;
      if (end <= fcp) continue;
      const blocking = end - Math.max(start, fcp) - 50;
      if (blocking > 0) sum += blocking;
    }
    return sum;
  };
  const frame = () => new Promise((resolve) => {
    const t = setTimeout(resolve, 100);
    requestAnimationFrame(() => { clearTimeout(t); resolve(); });
  });
  // Loaded images in the first screen, with the size Chromium gives them as LCP candidates: their area inside
  // the window, scaled down when the image is shown larger than its own pixels.
  const shownImages = () => {
    const out = [];
    for (const img of document.images) {
      if (out.length >= 50) break;
      if (!img.complete || !img.naturalWidth) continue;
      const r = img.getBoundingClientRect();
      const w = Math.min(r.right, innerWidth) - Math.max(r.left, 0);
      const h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
      if (w <= 0 || h <= 0) continue;
      const upscale = Math.min(1, (img.naturalWidth * img.naturalHeight) / (r.width * r.height));
      out.push({ img, size: w * h * upscale });
    }
    return out;
  };
  const loaded = (ms) => new Promise((resolve) => {
    if (document.readyState === 'complete') return resolve(true);
    const t = setTimeout(() => resolve(false), ms);
    addEventListener('load', () => { clearTimeout(t); resolve(true); }, { once: true });
  });
  Object.defineProperty(window, '${LAB_KEY}', {
    value: Object.freeze({
      async read(waitMs) {
        const done = await loaded(waitMs);
        // An image that loaded late (the hero) is reported once decoded and presented, which on a busy machine
        // comes frames after its load event. While a shown image is larger than the LCP so far, its entry is
        // still to come: look again each frame, up to IMAGE_WAIT_MS (an image Chromium does not count, a
        // full-window background, costs that once). A page whose images painted before pays nothing.
        const until = performance.now() + ${IMAGE_WAIT_MS};
        const pending = () => shownImages().filter((s) => s.size > (lcp ? lcp.size : 0) * 1.05);
        let waiting = pending();
        if (waiting.length) await Promise.race([Promise.all(waiting.map((s) => s.img.decode().catch(() => {}))), new Promise((r) => setTimeout(r, ${IMAGE_WAIT_MS}))]);
        await frame();
        // The first contentful paint of a page drawn under load may also be a few frames behind.
        while ((waiting.length || (!lcp && document.body && document.body.innerText.trim())) && performance.now() < until) {
          await frame();
          waiting = pending();
        }
        const shift = cls();
        return { lcp, cls: shift.value, shifts: shift.moved, tbt: tbt(), loaded: done };
      },
    }),
  });
})();`;
