/**
 * What checking external links costs a crawl when the laptop is online (#35), measured without internet: the
 * "internet" is 200 hosts on loopback addresses (127.0.1.1–127.0.1.200, one server answering on all of them)
 * with a round-trip each drawn as the web's are (median ~120 ms, a tail to ~1 s), 3 % of links dead (404/410),
 * some hosts refusing HEAD (405, so a GET follows), one host that accepts connections and never answers, and one
 * with nothing listening. The site: 1,000 pages on 127.0.0.1, each linking 5 of its pages and 3 of 1,500
 * external URLs (as a blog links its sources). Crawled with `check_external_links` off, then on (resources off
 * in both), default politeness and concurrency, `--timeout-ms` as the crawl's timeout (default 15 s, the
 * setting's default); prints each crawl's time, the external checks' rate and the ratio.
 *
 *   npx tsx bench/external-links.ts [--pages=1000] [--timeout-ms=15000]
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runJob } from '../test/helpers/crawl-site.js';
import { createTestApp } from '../test/helpers/test-app.js';
import { machineLine } from './site/machine.js';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PAGES = arg('pages', 1000);
const TIMEOUT_MS = arg('timeout-ms', 15_000);
const HOSTS = 200;
const EXTERNAL_URLS = 1500;

/** A deterministic pseudo-random stream (mulberry32), so every run meets the same web. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(35);

interface Host {
  ip: string;
  rttMs: number;
  refusesHead: boolean;
  /** Accepts the connection and never answers. */
  silent: boolean;
}
// Log-normal round trips: median 120 ms, ~5 % over 500 ms.
const hosts: Host[] = Array.from({ length: HOSTS }, (_, i) => {
  const normal = Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
  return {
    ip: `127.0.1.${i + 1}`,
    rttMs: Math.min(1500, Math.round(120 * Math.exp(0.9 * normal))),
    refusesHead: rand() < 0.1,
    silent: i === 7,
  };
});
const DEAD_IP = '127.0.2.1'; // nothing listens there
const externals = Array.from({ length: EXTERNAL_URLS }, (_, i) => {
  // A few big hosts (a CDN, Wikipedia, a standards body) get many links; most get a few.
  const host =
    i % 10 < 4 ? hosts[i % 5]! : i % 97 === 0 ? { ip: DEAD_IP } : hosts[Math.floor(rand() * HOSTS)]!;
  const dead = rand() < 0.03;
  return `http://${host.ip}:PORT/${dead ? 'gone' : 'article'}/${i}`;
});

async function startWeb(): Promise<{ port: number; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const byIp = new Map(hosts.map((h) => [h.ip, h]));
  const server: Server = createServer((req, res) => {
    requests++;
    const host = byIp.get(req.socket.localAddress ?? '');
    if (!host || host.silent) return; // never answered
    setTimeout(() => {
      if (req.method === 'HEAD' && host.refusesHead) return res.writeHead(405).end();
      if (req.url?.startsWith('/gone/')) return res.writeHead(req.url.endsWith('0') ? 410 : 404).end();
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(req.method === 'HEAD' ? undefined : '<p>ok</p>');
    }, host.rttMs);
  });
  server.listen(0, '0.0.0.0');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function startSite(webPort: number): Promise<{ start: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const n = Number(/^\/p\/(\d+)$/.exec(req.url ?? '')?.[1] ?? (req.url === '/' ? 0 : NaN));
    if (!(n >= 0 && n < PAGES)) return res.writeHead(404, { 'content-type': 'text/plain' }).end();
    const links = [1, 2, 3, 7, 31].map((d) => `<a href="/p/${(n * 7 + d) % PAGES}">Related ${d}</a>`);
    const ext = [0, 1, 2].map((k) => {
      const url = externals[(n * 3 + k) % EXTERNAL_URLS]!.replace('PORT', String(webPort));
      return `<a href="${url}">Source ${k + 1}</a>`;
    });
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Article ${n}</title></head><body><h1>Article ${n}</h1>` +
          `<p>${'Words of the article. '.repeat(60)}</p><p>${ext.join(' ')}</p><nav>${links.join(' ')}</nav></body></html>`,
      );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    start: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const web = await startWeb();
const site = await startSite(web.port);
const seconds: Record<string, number> = {};
try {
  for (const on of [false, true]) {
    const t = await createTestApp();
    try {
      const created = await t.call('sites.create', {
        start_url: site.start,
        settings: { check_resources: false, check_external_links: on, timeout_ms: TIMEOUT_MS },
      });
      const before = web.requests();
      const started = performance.now();
      const r = await runJob(t, 'crawl.start', { site_id: created.id });
      const s = (performance.now() - started) / 1000;
      seconds[on ? 'on' : 'off'] = s;
      console.log(
        `external links ${on ? 'on ' : 'off'} ${s.toFixed(1).padStart(6)} s  ${r.fetched} pages  ` +
          `${r.resources_checked ?? 0} external URLs checked, ${web.requests() - before} requests to the web` +
          (r.external_unreachable ? ' (called offline!)' : ''),
      );
    } finally {
      await t.close();
    }
  }
} finally {
  await site.close();
  await web.close();
}
const extra = seconds.on! - seconds.off!;
console.log(
  `${PAGES} pages, ${EXTERNAL_URLS} external URLs on ${HOSTS + 1} hosts: checking them added ${extra.toFixed(1)} s ` +
    `(${(EXTERNAL_URLS / extra).toFixed(0)} URLs/s); ratio ${(seconds.on! / seconds.off!).toFixed(2)}× of a crawl that took ` +
    `${seconds.off!.toFixed(1)} s from a server on the same machine`,
);
console.log(machineLine());
