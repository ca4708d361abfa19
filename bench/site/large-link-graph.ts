/**
 * A large crawled site seeded straight into SQLite (no server, no crawl) for the link graph's benchmark and
 * browser timing: a shop with realistic directories — `/products/<category>/<range>/<item>`, `/guides/<topic>/…`,
 * `/blog/<year>/<month>/<slug>`, `/help/`, `/about/` — a header and footer on every page, listings that link their
 * items, items that link related items and a guide, blog posts in long series (deep chains, each part linked only
 * from the one before), orphans known only from the sitemap, broken links and noindex pages. About 10–20 links per
 * page. Depths and inlinks/outlinks are then computed by the store's own finalisation (as a crawl ends).
 *
 *   const { siteId, startPageId, samplePageId } = seedLinkGraphSite(store, { pages: 100_000 });
 */
import { sourceBit } from '../../server/schemas/crawl.js';
import type { Store } from '../../server/store/index.js';

export interface SeededLinkGraph {
  siteId: number;
  startPageId: number;
  /** A product page in the middle of the site, with inlinks and outlinks: the focus benchmark's page. */
  samplePageId: number;
  /** How many link rows were written. */
  links: number;
}

const CATEGORIES = ['knives', 'boards', 'cookware', 'bakeware', 'storage', 'textiles', 'tools', 'tableware'];
const TOPICS = ['sharpening', 'care', 'cooking', 'baking', 'cleaning', 'buying'];
const SERIES_LENGTH = 25;

/** A deterministic stream in [0, 1), so every run seeds the same site. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Planned {
  path: string;
  title: string;
  status: number;
  indexable: boolean;
  /** Known from the sitemap only: nothing links to it. */
  orphan: boolean;
  links: { to: number; kind: 'content' | 'navigation' | 'footer' | 'pagination' }[];
}

/** Plans the pages (index = id order) and their links, without touching the database. */
function plan(total: number): Planned[] {
  const rand = random(23);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const pages: Planned[] = [];
  const byPath = new Map<string, number>();
  const add = (path: string, title: string, extra: Partial<Planned> = {}): number => {
    pages.push({ path, title, status: 200, indexable: true, orphan: false, links: [], ...extra });
    byPath.set(path, pages.length - 1);
    return pages.length - 1;
  };
  const home = add('/', 'Harbour Kitchen');
  const products = add('/products/', 'Products');
  const guides = add('/guides/', 'Guides');
  const blog = add('/blog/', 'Blog');
  const help = add('/help/', 'Help');
  const about = add('/about/', 'About us');
  const contact = add('/contact', 'Contact');
  const nav = [home, products, guides, blog, help];
  const footer = [about, contact, add('/about/delivery', 'Delivery'), add('/about/returns', 'Returns')];
  const link = (from: number, to: number, kind: Planned['links'][number]['kind'] = 'content') =>
    pages[from]!.links.push({ to, kind });

  // Shares of the remaining pages: products 55 %, blog 25 %, guides 15 %, help 5 %.
  const rest = Math.max(0, total - pages.length);
  const productCount = Math.floor(rest * 0.55);
  const blogCount = Math.floor(rest * 0.25);
  const guideCount = Math.floor(rest * 0.15);
  const helpCount = rest - productCount - blogCount - guideCount;

  // Products: category → range → items, each listing paginated by 40 items.
  /** Linked items; `made` counts orphans too. */
  const items: number[] = [];
  let made = 0;
  const perCategory = Math.ceil(productCount / CATEGORIES.length);
  for (const cat of CATEGORIES) {
    if (made >= productCount) break;
    const catPage = add(`/products/${cat}/`, `${cat} range`);
    link(products, catPage);
    const ranges = 4 + Math.floor(rand() * 6);
    for (let r = 0; r < ranges && made < productCount; r++) {
      let listing = add(`/products/${cat}/range-${r + 1}/`, `${cat}: range ${r + 1}`);
      link(catPage, listing);
      const n = Math.ceil(perCategory / ranges);
      for (let i = 0; i < n && made < productCount; i++) {
        if (i > 0 && i % 40 === 0) {
          const next = add(`/products/${cat}/range-${r + 1}/?page=${i / 40 + 1}`, `${cat}: range ${r + 1}`);
          link(listing, next, 'pagination');
          listing = next;
        }
        const orphan = rand() < 0.01;
        const item = add(`/products/${cat}/range-${r + 1}/item-${++made}`, `${cat} item ${made}`, {
          orphan,
          indexable: rand() > 0.03,
        });
        if (!orphan) {
          link(listing, item);
          items.push(item);
        }
      }
    }
  }

  // Guides: topic → subtopic → articles.
  const guidePages: number[] = [];
  for (let g = 0; guidePages.length < guideCount; g++) {
    const topic = TOPICS[g % TOPICS.length]!;
    const sub = `part-${Math.floor(g / TOPICS.length) + 1}`;
    const topicPath = `/guides/${topic}/`;
    let topicPage = byPath.get(topicPath) ?? -1;
    if (topicPage < 0) {
      topicPage = add(topicPath, `Guides: ${topic}`);
      link(guides, topicPage);
      guidePages.push(topicPage);
    }
    const subPage = add(`${topicPath}${sub}/`, `Guides: ${topic}, ${sub}`);
    link(topicPage, subPage);
    guidePages.push(subPage);
    for (let i = 0; i < 30 && guidePages.length < guideCount; i++) {
      const article = add(`${topicPath}${sub}/article-${guidePages.length + 1}`, `${topic} guide ${i + 1}`);
      link(subPage, article);
      guidePages.push(article);
    }
  }

  // Blog: year → month archives; every fourth month a series whose parts link only to the next.
  const posts: number[] = [];
  for (let m = 0; posts.length < blogCount; m++) {
    const year = 2024 - Math.floor(m / 12);
    const month = String(12 - (m % 12)).padStart(2, '0');
    const yearPath = `/blog/${year}/`;
    let yearPage = byPath.get(yearPath) ?? -1;
    if (yearPage < 0) {
      yearPage = add(yearPath, `Blog: ${year}`);
      link(blog, yearPage);
    }
    const monthPage = add(`${yearPath}${month}/`, `Blog: ${month}/${year}`);
    link(yearPage, monthPage);
    const perMonth = 120;
    let previous = -1;
    for (let i = 0; i < perMonth && posts.length < blogCount; i++) {
      const inSeries = m % 4 === 0 && i < SERIES_LENGTH;
      const post = add(`${yearPath}${month}/post-${posts.length + 1}`, `Post ${posts.length + 1}`, {
        indexable: rand() > 0.02,
      });
      if (inSeries && previous >= 0) link(previous, post);
      else link(monthPage, post);
      if (inSeries) previous = post;
      posts.push(post);
    }
  }

  const helpPages: number[] = [];
  for (let i = 0; i < helpCount; i++) {
    const page = add(`/help/${pick(['orders', 'account', 'care'])}/question-${i + 1}`, `Help ${i + 1}`);
    link(help, page);
    helpPages.push(page);
  }

  // Links in the text: related items, a guide, a product from a post; 1 % of them broken (404 pages).
  const broken = (): number =>
    add(`/products/discontinued/gone-${pages.length}`, 'Not found', { status: 404, indexable: false });
  for (const item of items) {
    for (let k = 0; k < 4; k++) link(item, items[Math.floor(rand() * items.length)]!);
    if (guidePages.length) link(item, pick(guidePages));
    if (rand() < 0.01) link(item, broken());
  }
  for (const g of guidePages) {
    if (items.length) for (let k = 0; k < 3; k++) link(g, pick(items));
    link(g, pick(guidePages));
  }
  for (const p of posts) {
    if (items.length) link(p, pick(items));
    if (guidePages.length) link(p, pick(guidePages));
  }
  for (const h of helpPages) link(h, pick(helpPages));

  // Header and footer on every HTML page but the 404s.
  for (let i = 0; i < pages.length; i++) {
    if (pages[i]!.status !== 200) continue;
    for (const n of nav) if (n !== i) link(i, n, 'navigation');
    for (const f of footer) if (f !== i) link(i, f, 'footer');
  }
  return pages;
}

/** Seeds one site of `pages` pages (±1 %) into the store; returns its ids. */
export function seedLinkGraphSite(store: Store, opts: { pages: number; origin?: string }): SeededLinkGraph {
  const origin = opts.origin ?? 'https://harbour-kitchen.example';
  const planned = plan(opts.pages);
  const db = store.db;
  const site = store.sites.insert({
    name: new URL(origin).host,
    start_url: `${origin}/`,
    origin,
    settings: {},
  });
  const url = db.prepare<[number, string, number | null, number, number]>(
    `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
     VALUES (?, ?, 1, 'done', ?, 0, ?, ?, '2026-11-27T00:00:00.000Z')`,
  );
  const page = db.prepare<[number, number, string, number, number, string | null, string]>(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, indexable, indexability_reason, title,
       word_count, crawled_at)
     VALUES (?, ?, ?, ?, 'text/html; charset=utf-8', ?, ?, ?, 400, '2026-11-27T00:00:00.000Z')`,
  );
  const linkRow = db.prepare<[number, number, number, string, string]>(
    `INSERT OR IGNORE INTO links (site_id, source_id, target_id, edge_kind, anchor_text, nofollow, count)
     VALUES (?, ?, ?, ?, ?, 0, 1)`,
  );
  const known = sourceBit('sitemap');
  const linked = sourceBit('link') | known;
  const ids: number[] = [];
  let links = 0;
  store.tx(() => {
    planned.forEach((p, i) => {
      const id = Number(
        url.run(
          site.id,
          `${origin}${p.path}`,
          i === 0 ? 0 : null,
          p.orphan ? known : linked,
          p.orphan ? 0 : 1,
        ).lastInsertRowid,
      );
      ids.push(id);
      const reason = p.status !== 200 ? 'client_error' : p.indexable ? null : 'noindex';
      page.run(id, site.id, `${origin}${p.path}`, p.status, p.indexable ? 1 : 0, reason, p.title);
    });
    planned.forEach((p, i) => {
      for (const l of p.links) {
        if (l.to === i) continue;
        links += linkRow.run(site.id, ids[i]!, ids[l.to]!, l.kind, planned[l.to]!.title).changes;
      }
    });
  });
  store.crawlDepth.recompute(site.id);
  store.pages.recountLinks(site.id);
  const sample = ids[planned.findIndex((p) => p.path.startsWith('/products/') && p.path.includes('/item-'))]!;
  return { siteId: site.id, startPageId: ids[0]!, samplePageId: sample, links };
}
