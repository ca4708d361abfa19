/**
 * A real store holding one small site written row by row (urls, pages, links), for tests of the link graph's
 * walks and groups: `page(path, …)` adds a fetched page, `link(from, to, …)` a link, and `index()` reads the
 * site's link index back through the app's own cache.
 */
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { EventBus } from '../../server/domain/events.js';
import { LinkIndexCache } from '../../server/domain/graph/link-index-cache.js';
import type { LinkIndex } from '../../server/domain/graph/link-index.js';
import { sourceBit, type EdgeKind } from '../../server/schemas/crawl.js';
import { createStore, openDatabase, type Store } from '../../server/store/index.js';
import { makeTempDir } from './test-app.js';

export interface PageOptions {
  status?: number | null;
  indexable?: boolean;
  depth?: number | null;
  /** Known from the sitemap only (no `link` source). */
  sitemapOnly?: boolean;
  contentType?: string;
}

export interface LinkGraphStore {
  store: Store;
  bus: EventBus;
  cache: LinkIndexCache;
  siteId: number;
  origin: string;
  /** Adds a fetched page; returns its id. */
  page(path: string, opts?: PageOptions): number;
  link(from: number, to: number, opts?: { kind?: EdgeKind; nofollow?: boolean; anchor?: string }): void;
  /** Recomputes depths (from pages at depth 0) and inlinks/outlinks, as a crawl's end does. */
  finalize(): void;
  index(): LinkIndex;
  /** Page id → index position. */
  at(id: number): number;
  close(): void;
}

export function linkGraphStore(origin = 'https://shop.example'): LinkGraphStore {
  const dir = makeTempDir('siteloupe-graph-');
  const file = join(dir, 'siteloupe.db');
  const store = createStore(openDatabase(file), file);
  const bus = new EventBus();
  const cache = new LinkIndexCache(store, bus);
  const site = store.sites.insert({ name: 'shop', start_url: `${origin}/`, origin, settings: {} });
  const url = store.db.prepare<[number, string, number | null, number]>(
    `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
     VALUES (?, ?, 1, 'done', ?, 0, ?, 1, 'x')`,
  );
  const page = store.db.prepare<[number, number, string, number | null, string, number, number | null]>(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, indexable, depth, crawled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'x')`,
  );
  const link = store.db.prepare<[number, number, number, string, string | null, number]>(
    `INSERT INTO links (site_id, source_id, target_id, edge_kind, anchor_text, nofollow) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  let index: LinkIndex | null = null;
  return {
    store,
    bus,
    cache,
    siteId: site.id,
    origin,
    page(path, opts = {}) {
      const sources = opts.sitemapOnly ? sourceBit('sitemap') : sourceBit('link') | sourceBit('sitemap');
      const id = Number(url.run(site.id, `${origin}${path}`, opts.depth ?? null, sources).lastInsertRowid);
      const status = opts.status === undefined ? 200 : opts.status;
      page.run(
        id,
        site.id,
        `${origin}${path}`,
        status,
        opts.contentType ?? 'text/html; charset=utf-8',
        (opts.indexable ?? status === 200) ? 1 : 0,
        opts.depth ?? null,
      );
      return id;
    },
    link(from, to, opts = {}) {
      link.run(site.id, from, to, opts.kind ?? 'content', opts.anchor ?? null, opts.nofollow ? 1 : 0);
    },
    finalize() {
      store.crawlDepth.recompute(site.id);
      store.pages.recountLinks(site.id);
    },
    index: () => (index = cache.get(site.id)),
    at(id) {
      const i = (index ?? cache.get(site.id)).indexOf(id);
      if (i < 0) throw new Error(`page ${id} is not in the index`);
      return i;
    },
    close() {
      store.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
