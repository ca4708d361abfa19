/**
 * Serves a generated site (generated-site.ts) on 127.0.0.1 from its own process, so the crawler being measured
 * has the other core to itself instead of sharing its event loop with the server. Sites up to PRERENDER pages are
 * rendered to buffers before it reports ready (a static file server's cost: a lookup and a write); larger ones
 * are rendered per request. Identity encoding, Content-Length, keep-alive. Prints `READY <port>`.
 *
 *   node --import tsx bench/site/site-server.ts <pages>
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { generatedSite } from './generated-site.js';

const PRERENDER = 25_000;
const pages = Number(process.argv[2]);
if (!Number.isInteger(pages)) throw new Error('usage: site-server.ts <pages>');
const site = generatedSite(pages);
const cache = new Map<string, Buffer>();
if (pages <= PRERENDER) {
  for (let i = 0; i < pages; i++) {
    const path = site.path(i);
    cache.set(path, Buffer.from(site.render(path)!));
  }
}
const ROBOTS = Buffer.from('User-agent: *\nAllow: /\n');
const NOT_FOUND = Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>');

const server = createServer((req, res) => {
  const path = req.url ?? '/';
  let body = cache.get(path);
  if (!body && pages > PRERENDER) {
    const html = site.render(path);
    if (html !== null) body = Buffer.from(html);
  }
  if (body) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  } else if (path === '/robots.txt') {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': ROBOTS.length }).end(ROBOTS);
  } else {
    res.writeHead(404, { 'Content-Type': 'text/html', 'Content-Length': NOT_FOUND.length }).end(NOT_FOUND);
  }
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1');
await once(server, 'listening');
process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
