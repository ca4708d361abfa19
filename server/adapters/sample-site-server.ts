/**
 * Serves the bundled sample site (resources/sample-site) on 127.0.0.1 so the demo can crawl a realistic site
 * offline. Static files answer as they are (a directory path serves its index.html); `site.json` adds what
 * static files cannot say: redirects, error statuses with their bodies, response headers, and the files in
 * which `{{ORIGIN}}` becomes this server's origin (robots.txt and the sitemap name absolute URLs).
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { z } from 'zod';

export const SampleSiteManifest = z.object({
  description: z.string(),
  generator: z.object({ seed: z.number(), articles: z.number() }),
  start_path: z.string().startsWith('/'),
  origin_placeholder: z.string().min(1),
  /** Files (relative to the site root) in which every placeholder is replaced by the serving origin. */
  templated: z.array(z.string()),
  redirects: z.array(z.object({ path: z.string(), status: z.number().int(), location: z.string() })),
  /** Paths that answer an error status with the given body file. */
  errors: z.array(z.object({ path: z.string(), status: z.number().int(), body: z.string() })),
  /** Body for any other path without a file. */
  not_found_body: z.string(),
  /** Response headers to send instead of the defaults for these paths. */
  headers: z.array(z.object({ path: z.string(), headers: z.record(z.string(), z.string()) })),
});
export type SampleSiteManifest = z.infer<typeof SampleSiteManifest>;

export interface SampleSiteServer {
  origin: string;
  startUrl: string;
  manifest: SampleSiteManifest;
  close(): Promise<void>;
}

const DEFAULT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** The same key for `/glossary/m%c3%a2che/`, `/glossary/m%C3%A2che/` and `/glossary/mâche/`. */
function pathKey(path: string): string {
  return new URL(path, 'http://sample.invalid').pathname.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

/** Files that describe the site rather than belong to it; `path` is decoded, as the file system sees it. */
const isInternal = (path: string) =>
  path === '/site.json' || path.startsWith('/_errors/') || path.split('/').some((s) => s.startsWith('.'));

export async function startSampleSite(root: string): Promise<SampleSiteServer> {
  const manifest = SampleSiteManifest.parse(JSON.parse(readFileSync(join(root, 'site.json'), 'utf8')));
  const base = resolve(root);
  const redirects = new Map(manifest.redirects.map((r) => [pathKey(r.path), r]));
  const errors = new Map(manifest.errors.map((e) => [pathKey(e.path), e]));
  const headers = new Map(manifest.headers.map((h) => [pathKey(h.path), h.headers]));
  const templated = new Set(manifest.templated.map((f) => pathKey(`/${f}`)));
  let origin = '';

  const fileFor = (key: string): string | null => {
    let decoded: string;
    try {
      decoded = key
        .split('/')
        .map((s) => decodeURIComponent(s))
        .join('/');
    } catch {
      return null; // a malformed escape names no file
    }
    // Checked after decoding, or `/site%2Ejson` would be a way to the manifest; a NUL names no file either.
    if (decoded.includes('\0') || isInternal(decoded)) return null;
    const file = resolve(base, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
    return file.startsWith(base + sep) ? file : null;
  };
  const body = async (key: string, file: string) => {
    const bytes = await readFile(file);
    return templated.has(key)
      ? Buffer.from(bytes.toString('utf8').replaceAll(manifest.origin_placeholder, origin))
      : bytes;
  };

  const answer = async (target: string): Promise<[number, Record<string, string>, Buffer]> => {
    let key: string;
    try {
      key = pathKey(target);
    } catch {
      return [400, { 'Content-Type': 'text/plain; charset=utf-8' }, Buffer.from('Bad request\n')];
    }
    const redirect = redirects.get(key);
    if (redirect) return [redirect.status, { Location: redirect.location }, Buffer.alloc(0)];
    const error = errors.get(key);
    if (error) {
      return [
        error.status,
        { 'Content-Type': DEFAULT_TYPES['.html']! },
        await readFile(join(base, error.body)),
      ];
    }
    const file = fileFor(key);
    if (file) {
      try {
        const data = await body(key, file);
        const type = DEFAULT_TYPES[extname(file)] ?? 'application/octet-stream';
        return [200, headers.get(key) ?? { 'Content-Type': type }, data];
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw err;
      }
    }
    return [
      404,
      { 'Content-Type': DEFAULT_TYPES['.html']! },
      await readFile(join(base, manifest.not_found_body)),
    ];
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0' }).end();
      return;
    }
    answer(req.url ?? '/').then(
      ([status, head, data]) => {
        res.writeHead(status, { ...head, 'Content-Length': String(data.length) });
        res.end(req.method === 'HEAD' ? undefined : data);
      },
      () => res.writeHead(500, { 'Content-Length': '0' }).end(),
    );
  };

  const server = createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    startUrl: `${origin}${manifest.start_path}`,
    manifest,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r, j) => server.close((err) => (err ? j(err) : r())));
    },
  };
}
