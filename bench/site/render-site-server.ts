/**
 * The generated site (generated-site.ts) with every other page drawn by JavaScript, for bench/crawl-render.ts.
 * Odd pages are app shells: the same header, menu, breadcrumbs and footer, but `<main>` is an empty
 * `<div id="root">` that /static/app.js fills with the article, its in-text and related links, after fetching
 * them from /api/content. Every page also carries a hero image, a stylesheet and a web font, as real pages do,
 * so that blocking resources has something to save. Prints `READY <port>`.
 *
 *   node --import tsx bench/site/render-site-server.ts <pages>
 */
import { createServer, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { generatedSite } from './generated-site.js';

const pages = Number(process.argv[2]);
if (!Number.isInteger(pages)) throw new Error('usage: render-site-server.ts <pages>');
const site = generatedSite(pages);

const APP_JS = Buffer.from(`(async () => {
  const res = await fetch('/api/content?path=' + encodeURIComponent(location.pathname));
  const { html } = await res.json();
  document.getElementById('root').innerHTML = html;
})();
`);
const CSS = Buffer.from(
  `@font-face{font-family:Body;src:url(/fonts/body.woff2) format("woff2")}body{font-family:Body,sans-serif;margin:0}` +
    `.hero{width:100%;height:240px;object-fit:cover}main{max-width:60em;margin:auto}`,
);
// Not a decodable image or font: their cost here is the transfer, which is what blocking saves.
const IMAGE = Buffer.alloc(60_000, 7);
const FONT = Buffer.alloc(40_000, 3);

const pagesByPath = new Map<string, Buffer>();
const contentByPath = new Map<string, Buffer>();
for (let i = 0; i < pages; i++) {
  const path = site.path(i);
  let html = site
    .render(path)!
    .replace('<main>', `<img class="hero" src="/images/hero-${i}.jpg" alt=""><main>`);
  if (i % 2 === 1) {
    const start = html.indexOf('<main>');
    const end = html.indexOf('<footer');
    contentByPath.set(path, Buffer.from(JSON.stringify({ html: html.slice(start, end) })));
    html =
      html.slice(0, start) +
      '<main><div id="root"></div></main><script src="/static/app.js" defer></script>\n' +
      html.slice(end);
  }
  pagesByPath.set(path, Buffer.from(html));
}

function send(res: ServerResponse, type: string, body: Buffer, status = 200) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length }).end(body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const page = pagesByPath.get(url.pathname);
  if (page) return send(res, 'text/html; charset=utf-8', page);
  if (url.pathname === '/api/content') {
    const content = contentByPath.get(url.searchParams.get('path') ?? '');
    if (content) return send(res, 'application/json', content);
  }
  if (url.pathname === '/static/app.js') return send(res, 'text/javascript', APP_JS);
  if (url.pathname === '/assets/site.css') return send(res, 'text/css', CSS);
  if (url.pathname.startsWith('/images/')) return send(res, 'image/jpeg', IMAGE);
  if (url.pathname === '/fonts/body.woff2') return send(res, 'font/woff2', FONT);
  if (url.pathname === '/robots.txt')
    return send(res, 'text/plain', Buffer.from('User-agent: *\nAllow: /\n'));
  send(res, 'text/html', Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>'), 404);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1');
await once(server, 'listening');
process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
