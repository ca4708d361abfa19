/**
 * When a rendered page is done. Waiting for the network to stay quiet for a fixed time (the old rule, still the
 * fallback) spends that time on every page, and misses content a page draws from a timer after the network has
 * gone quiet. So a small probe runs in each document before its own scripts and keeps count of what can still
 * change the DOM: timers due soon, fetch and XHR calls with their bodies, fetched scripts not yet run, the load
 * event, and the time of the last DOM mutation. A page is settled when none of that is pending and neither the
 * DOM nor the network has moved for QUIET_MS; its DOM is then serialised in the same call. A page with no script
 * at all is settled at DOMContentLoaded: nothing can change its DOM after the parser.
 */
import type { Page } from 'puppeteer-core';

/** The fallback: network quiet this long, with no timer pending, ends the wait even if the DOM keeps moving. */
export const NETWORK_IDLE_MS = 300;
/** DOM and network both still for this long, with nothing pending, means the page has drawn what it will. */
export const QUIET_MS = 100;
/**
 * Timers due within this long of navigation start are waited for; later ones (carousels, popups, polling) are
 * not. Pending timers stop counting TIMER_GRACE_MS after the window, so a page that keeps scheduling them
 * costs at most that long.
 */
export const TIMER_WINDOW_MS = 1_500;
const TIMER_GRACE_MS = 500;
// Polls while something is pending: often enough to end near the moment it settles, seldom enough to be free.
const MIN_POLL_MS = 10;
const MAX_POLL_MS = 250;

const PROBE_KEY = '__siteloupeSettle';

/**
 * Installed with evaluateOnNewDocument, so it runs in the main world before any script of the page. It only
 * counts: every wrapped function calls the original with the same arguments and returns what it returns.
 */
export const SETTLE_PROBE = `(() => {
  if (window !== window.top || Object.prototype.hasOwnProperty.call(window, '${PROBE_KEY}')) return;
  const now = performance.now.bind(performance);
  const nativeSetTimeout = window.setTimeout;
  const nativeClearTimeout = window.clearTimeout;
  const nativeClearInterval = window.clearInterval;
  const Serializer = window.XMLSerializer;
  const due = new Map();
  const finished = new WeakSet();
  let io = 0;
  let last = now();
  let lastTimer = -Infinity;
  const touch = () => { last = now(); };
  // One task later, so the caller's own continuation (which draws the result) has run first.
  const ioDone = () => { nativeSetTimeout.call(window, () => { io -= 1; touch(); }, 0); };
  const counted = (call) => {
    io += 1;
    let result;
    try { result = call(); } catch (err) { ioDone(); throw err; }
    Promise.resolve(result).then(ioDone, ioDone);
    return result;
  };
  window.setTimeout = function setTimeout(handler, delay, ...args) {
    const at = now() + Math.max(0, Number(delay) || 0);
    if (typeof handler !== 'function' || at > ${TIMER_WINDOW_MS}) {
      return nativeSetTimeout.call(window, handler, delay, ...args);
    }
    const id = nativeSetTimeout.call(window, function () {
      due.delete(id);
      try { return handler.apply(this, args); } finally { touch(); lastTimer = last; }
    }, delay);
    due.set(id, at);
    return id;
  };
  window.clearTimeout = function clearTimeout(id) { due.delete(id); return nativeClearTimeout.call(window, id); };
  window.clearInterval = function clearInterval(id) { due.delete(id); return nativeClearInterval.call(window, id); };
  if (typeof window.fetch === 'function') {
    const nativeFetch = window.fetch;
    window.fetch = function fetch(...args) { return counted(() => nativeFetch.apply(window, args)); };
  }
  if (window.Response) {
    for (const name of ['arrayBuffer', 'blob', 'formData', 'json', 'text']) {
      const native = Response.prototype[name];
      if (typeof native !== 'function') continue;
      Response.prototype[name] = function (...args) { return counted(() => native.apply(this, args)); };
    }
  }
  if (window.XMLHttpRequest) {
    const nativeSend = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function send(...args) {
      io += 1;
      this.addEventListener('loadend', ioDone, { once: true });
      try { return nativeSend.apply(this, args); } catch (err) { this.removeEventListener('loadend', ioDone); ioDone(); throw err; }
    };
  }
  // A script's load event comes after it has run. Other elements' load and error events change nothing by
  // themselves (blocked images fail at once); what their handlers draw shows up as a mutation.
  const settled = (event) => {
    if (!(event.target instanceof HTMLScriptElement)) return;
    finished.add(event.target);
    touch();
  };
  document.addEventListener('load', settled, true);
  document.addEventListener('error', settled, true);
  // Watched from DOMContentLoaded, where the wait starts: the parser's own insertions would cost a record each.
  const observe = () => {
    touch();
    new MutationObserver(touch).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe, { once: true });
  else observe();
  const executable = (type) => !type || type === 'module' || /^(?:text|application)\\/(?:x-)?(?:java|ecma|j)script$/i.test(type);
  // A script counts from the end of its download (its resource timing entry) until it has run; one inserted as
  // markup never runs, and never downloads either.
  const scriptsToRun = () => {
    let n = 0;
    for (const s of document.scripts) {
      if (!s.src || s.noModule || finished.has(s) || !executable(s.type.trim())) continue;
      if (performance.getEntriesByName(s.src, 'resource').length > 0) n += 1;
    }
    return n;
  };
  // Whether the document ever held anything that runs script: a script element of a runnable type, an inline
  // handler attribute, a frame a javascript: URL could run in. Watched from the start, since a script may remove
  // its own element (and leave timers behind); the watch ends at the first one.
  let scripted = false;
  const runs = (el) =>
    (el.localName === 'script' && executable((el.getAttribute('type') || '').trim())) ||
    /^(?:iframe|frame|object|embed)$/.test(el.localName) ||
    el.getAttributeNames().some((name) => name.startsWith('on'));
  const spot = (records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType === 1 && runs(n)) { scripted = true; watch.disconnect(); return; }
      }
    }
  };
  const watch = new MutationObserver(spot);
  for (const el of document.getElementsByTagName('*')) if (runs(el)) scripted = true;
  if (!scripted) watch.observe(document, { childList: true, subtree: true });
  const scriptFree = () => {
    if (!scripted) spot(watch.takeRecords());
    return !scripted;
  };
  const serialise = () => {
    let html = '';
    for (const node of document.childNodes) {
      html += node === document.documentElement ? node.outerHTML : new Serializer().serializeToString(node);
    }
    return html;
  };
  Object.defineProperty(window, '${PROBE_KEY}', {
    value: Object.freeze({
      check(quietMs, networkIdleMs, fallbackMs) {
        if (document.readyState !== 'loading' && scriptFree()) return { by: 'no-scripts', html: serialise() };
        const t = now();
        let timers = 0;
        let nextDue = Infinity;
        if (t < ${TIMER_WINDOW_MS + TIMER_GRACE_MS}) {
          for (const at of due.values()) { timers += 1; nextDue = Math.min(nextDue, at); }
        }
        const busy = io + scriptsToRun() + (document.readyState === 'complete' ? 0 : 1);
        const quietFor = t - last;
        if (timers === 0 && busy === 0 && quietFor >= quietMs) return { by: 'quiet', html: serialise() };
        // The fallback counts from the last timer too: what a timer starts may not have reached the network yet.
        if (timers === 0 && Math.min(networkIdleMs, t - lastTimer) >= fallbackMs) {
          return { by: 'network-idle', html: serialise() };
        }
        return { waitMs: timers > 0 ? nextDue - t : busy > 0 ? quietMs : quietMs - quietFor };
      },
    }),
  });
})();`;

/** What the render has in flight, kept by the tab from its request events. */
export interface NetworkActivity {
  inFlight: { readonly size: number };
  /** performance.now() of the last request that started or ended. */
  lastChange: number;
  /** Called by the tab on every start and end; settle() hooks it while it waits. */
  onNetworkChange: () => void;
}

/**
 * Resolves true once nothing has been in flight for `quietMs`, false at the deadline or on abort. Counted from
 * the tab's own request events rather than with page.waitForNetworkIdle, so that requests of the previous page
 * on the tab, still failing as it goes, cannot keep this render waiting.
 */
export function networkQuiet(
  net: NetworkActivity,
  quietMs: number,
  deadline: number,
  signal: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const finish = (idle: boolean) => {
      clearTimeout(quiet);
      clearTimeout(hard);
      signal.removeEventListener('abort', onAbort);
      net.onNetworkChange = () => {};
      resolve(idle);
    };
    const onAbort = () => finish(false);
    if (signal.aborted) return resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    const hard = setTimeout(() => finish(false), Math.max(0, deadline - Date.now()));
    net.onNetworkChange = () => {
      clearTimeout(quiet);
      if (net.inFlight.size > 0) return;
      const left = quietMs - (performance.now() - net.lastChange);
      quiet = setTimeout(() => finish(true), Math.max(0, left));
    };
    net.onNetworkChange();
  });
}

/**
 * How a render ended: the page has no script, the probe found it quiet, the network-idle fallback decided, or
 * time ran out.
 */
export type SettledBy = 'no-scripts' | 'quiet' | 'network-idle' | 'timeout';

type ProbeAnswer = { by: Exclude<SettledBy, 'timeout'>; html: string } | { waitMs: number } | null;
const SETTLED_BY: ReadonlySet<string> = new Set(['no-scripts', 'quiet', 'network-idle']);

export interface Settled {
  by: Exclude<SettledBy, 'timeout'>;
  /** The DOM serialised when it was found settled; null when the probe was missing and the caller serialises. */
  html: string | null;
}

const DEADLINE = Symbol('deadline');

/** A page stuck in a script never answers; the render's deadline and signal still end the wait. */
function beforeDeadline<T>(work: Promise<T>, deadline: number, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      reject(DEADLINE);
    };
    const timer = setTimeout(stop, Math.max(0, deadline - Date.now()));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    });
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Waits until the page has settled and returns its serialised DOM; null at the deadline (the caller then takes
 * the DOM as far as it got). Without the probe (a page that removed it, or a document it did not run in) the
 * fallback rule decides and the caller serialises.
 */
export async function settle(
  page: Pick<Page, 'evaluate'>,
  net: NetworkActivity,
  deadline: number,
  signal: AbortSignal,
): Promise<Settled | null> {
  // The first look comes at once: a page with no script needs no wait at all.
  for (let failures = 0, first = true; ; first = false) {
    if (!first && !(await networkQuiet(net, QUIET_MS, deadline, signal))) return null;
    // A request still open is never idle, however long ago the network last moved (the first look skips the wait).
    const networkIdleMs = net.inFlight.size > 0 ? 0 : performance.now() - net.lastChange;
    let answer: ProbeAnswer;
    try {
      answer = (await beforeDeadline(
        page.evaluate(
          `globalThis.${PROBE_KEY}?.check(${QUIET_MS}, ${networkIdleMs}, ${NETWORK_IDLE_MS}) ?? null`,
        ),
        deadline,
        signal,
      )) as ProbeAnswer;
    } catch (err) {
      if (err === DEADLINE || signal.aborted) return null;
      // The page replaced its document (a reload) under the call; the new one has a probe of its own.
      if (++failures >= 3) return { by: 'network-idle', html: null };
      await sleep(QUIET_MS, signal);
      continue;
    }
    if (answer && 'html' in answer && typeof answer.html === 'string') {
      return { by: SETTLED_BY.has(answer.by) ? answer.by : 'network-idle', html: answer.html };
    }
    if (!answer || !('waitMs' in answer) || !Number.isFinite(answer.waitMs)) {
      const idle = await networkQuiet(net, NETWORK_IDLE_MS, deadline, signal);
      return idle ? { by: 'network-idle', html: null } : null;
    }
    // Come back when the page expects to be done (a timer's due time, the end of the quiet window), or when the
    // network-idle fallback may end the wait.
    const untilFallback = NETWORK_IDLE_MS - (performance.now() - net.lastChange);
    const cap = untilFallback > 0 ? Math.min(untilFallback, MAX_POLL_MS) : MAX_POLL_MS;
    const waitMs = Math.min(Math.max(answer.waitMs, MIN_POLL_MS), cap);
    await sleep(Math.min(waitMs, Math.max(0, deadline - Date.now())), signal);
    if (signal.aborted || Date.now() >= deadline) return null;
  }
}
