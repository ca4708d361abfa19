/**
 * A static site of any size for the crawl benchmarks, generated from its page count alone: a home page, a few
 * fixed pages, sections whose listings paginate with a window of page numbers (as WordPress does), and articles
 * of about 12 KB with a header menu, breadcrumbs, ~1,200 words of body text with in-text links, related articles
 * and a footer. Page `i` is rendered on demand from `i`, so a 100,000-page site costs no memory to serve, and
 * every crawler sees the same bytes. The fixture site in test/fixtures is richer (errors, redirects, charsets)
 * but renders a model held in memory; this one is built for scale.
 */
import { seededRandom } from '../../test/fixtures/sites/seeded-random.js';

const WORDS = (
  'garden soil compost mulch seed seedling bed border lawn hedge shrub tree rose tulip dahlia onion garlic ' +
  'tomato pepper bean pea carrot potato squash pumpkin herb basil thyme sage mint water rain drought frost ' +
  'spring summer autumn winter sun shade clay sand loam worm root leaf stem flower fruit harvest prune plant ' +
  'sow grow feed weed dig turn rake hoe spade fork barrow greenhouse cloche trellis path pond wildlife bee ' +
  'butterfly bird slug snail aphid blight mildew rot nitrogen potash phosphate lime acid alkaline manure ' +
  'the a of to and in for with on at by from is are was were be it this that these those which when while ' +
  'every most some many few more less often rarely usually early late deep shallow warm cool wet dry light ' +
  'heavy rich poor fresh old new young mature small large tall short wide narrow slow fast easy hard best'
).split(' ');

const SECTION_NAMES = [
  'vegetables',
  'flowers',
  'lawns',
  'soil',
  'trees',
  'shrubs',
  'herbs',
  'fruit',
  'ponds',
  'wildlife',
  'tools',
  'greenhouses',
  'containers',
  'climbers',
  'bulbs',
  'roses',
  'pests',
  'diseases',
  'watering',
  'design',
  'hedges',
  'alpines',
  'ferns',
  'grasses',
  'succulents',
  'orchids',
  'houseplants',
  'seeds',
  'compost',
  'paths',
];
const FIXED = ['/about/', '/contact/', '/privacy/', '/delivery/'];
const PER_LISTING = 40;
const RELATED = 8;
const IN_TEXT_LINKS = 10;

interface Layout {
  pages: number;
  sections: string[];
  /** Articles per section (the first sections take the remainder). */
  articles: number[];
  /** Index of the first article of each section, in article numbering. */
  firstArticle: number[];
  listings: number[];
  articleCount: number;
  /** Filler pages that make the count exact, linked from the home page. */
  archives: number;
}

export interface GeneratedSite {
  pages: number;
  /** Root-relative path of every page, in page order (index 0 is the home page). */
  path(i: number): string;
  /** The HTML of a root-relative path, or null when the site has no such page. */
  render(path: string): string | null;
}

function layoutFor(pages: number): Layout {
  if (pages < 50) throw new RangeError('the generated site needs at least 50 pages');
  const sections = SECTION_NAMES.slice(
    0,
    Math.max(3, Math.min(SECTION_NAMES.length, Math.round(pages / 700))),
  );
  // The most articles for which 1 + fixed + Σ listings + articles ≤ pages, listings = ⌈articles / PER_LISTING⌉
  // per section; the page or two that one more article would overshoot by become archive pages.
  const totalFor = (articles: number) =>
    1 +
    FIXED.length +
    split(articles, sections.length).reduce((a, n) => a + Math.max(1, Math.ceil(n / PER_LISTING)), 0) +
    articles;
  let articleCount = pages - 1 - FIXED.length - sections.length;
  while (totalFor(articleCount) > pages) articleCount--;
  const per = split(articleCount, sections.length);
  const firstArticle: number[] = [];
  per.reduce((acc, n, s) => ((firstArticle[s] = acc), acc + n), 0);
  return {
    pages,
    sections,
    articles: per,
    firstArticle,
    listings: per.map((n) => Math.max(1, Math.ceil(n / PER_LISTING))),
    articleCount,
    archives: pages - totalFor(articleCount),
  };
}

function split(n: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(n / parts) + (i < n % parts ? 1 : 0));
}

const listingPath = (section: string, n: number) => (n === 1 ? `/${section}/` : `/${section}/page/${n}/`);

export function generatedSite(pages: number): GeneratedSite {
  const L = layoutFor(pages);
  const listingStart = 1 + FIXED.length;
  const articleStart = listingStart + L.listings.reduce((a, b) => a + b, 0);
  const sectionOf = (article: number) => {
    let s = 0;
    while (s + 1 < L.sections.length && L.firstArticle[s + 1]! <= article) s++;
    return s;
  };
  const slug = (article: number) => {
    const r = seededRandom(article * 7919 + 13);
    return `${r.pick(WORDS)}-${r.pick(WORDS)}-${r.pick(WORDS)}-${article}`;
  };
  const articlePath = (a: number) => `/${L.sections[sectionOf(a)]}/${slug(a)}/`;
  const title = (a: number) => {
    const r = seededRandom(a * 31 + 7);
    const w = () => r.pick(WORDS);
    return `How to ${w()} ${w()} ${w()} for ${w()} ${w()} (${a})`;
  };

  const path = (i: number): string => {
    if (i === 0) return '/';
    if (i < listingStart) return FIXED[i - 1]!;
    if (i < articleStart) {
      let k = i - listingStart;
      for (let s = 0; s < L.sections.length; s++) {
        if (k < L.listings[s]!) return listingPath(L.sections[s]!, k + 1);
        k -= L.listings[s]!;
      }
    }
    const a = i - articleStart;
    return a < L.articleCount ? articlePath(a) : `/archive/${a - L.articleCount + 1}/`;
  };

  const byPath = new Map<string, () => string>();
  byPath.set('/', () => home(L, title, articlePath));
  for (const p of FIXED) byPath.set(p, () => fixedPage(L, p));
  for (let k = 1; k <= L.archives; k++) byPath.set(`/archive/${k}/`, () => fixedPage(L, `/archive/${k}/`));
  L.sections.forEach((s, si) => {
    for (let n = 1; n <= L.listings[si]!; n++)
      byPath.set(listingPath(s, n), () => listing(L, si, n, title, articlePath));
  });
  // Articles are found by the number at the end of their slug, so the map stays as small as the listings.
  const articleRe = /^\/([a-z]+)\/[a-z]+-[a-z]+-[a-z]+-(\d+)\/$/;

  return {
    pages,
    path,
    render(p) {
      const fixed = byPath.get(p);
      if (fixed) return fixed();
      const m = articleRe.exec(p);
      if (!m) return null;
      const a = Number(m[2]);
      if (a >= L.articleCount || articlePath(a) !== p) return null;
      return article(L, a, sectionOf(a), title, articlePath);
    },
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function shell(L: Layout, t: string, crumbs: string, main: string, aside = ''): string {
  const menu = L.sections
    .slice(0, 12)
    .map((s) => `<li><a href="/${s}/">${s[0]!.toUpperCase()}${s.slice(1)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t)} | Greenfield Gardens</title>
<meta name="description" content="${esc(t)}: practical advice from the Greenfield Gardens team.">
<link rel="stylesheet" href="/assets/site.css"></head>
<body><header class="site-header"><a class="logo" href="/">Greenfield Gardens</a>
<nav class="menu" aria-label="Main"><ul>${menu}</ul></nav></header>
<nav class="breadcrumb" aria-label="breadcrumb"><a href="/">Home</a>${crumbs}</nav>
<main><article>${main}</article></main>${aside}
<footer class="site-footer"><ul>${FIXED.map((p) => `<li><a href="${p}">${p.slice(1, -1)}</a></li>`).join('')}</ul>
<p>© 2024 Greenfield Gardens Ltd. Company no. 01234567.</p></footer>
</body></html>`;
}

function paragraphs(seed: number, words: number, links: string[]): string {
  const r = seededRandom(seed);
  const out: string[] = [];
  let link = 0;
  let left = words;
  while (left > 0) {
    const n = Math.min(left, 60 + r.int(60));
    left -= n;
    const w: string[] = [];
    for (let i = 0; i < n; i++) w.push(r.pick(WORDS));
    w[0] = w[0]![0]!.toUpperCase() + w[0]!.slice(1);
    if (link < links.length) {
      const at = r.int(n - 3) + 1;
      w[at] = `<a href="${links[link++]}">${w[at]} ${w[at + 1]}</a>`;
      w.splice(at + 1, 1);
    }
    out.push(`<p>${w.join(' ')}.</p>`);
  }
  return out.join('\n');
}

function article(
  L: Layout,
  a: number,
  s: number,
  title: (a: number) => string,
  articlePath: (a: number) => string,
): string {
  const r = seededRandom(a * 104729 + 1);
  const pick = () => r.int(L.articleCount);
  const inText = Array.from({ length: IN_TEXT_LINKS }, () => articlePath(pick()));
  const related = Array.from({ length: RELATED }, () => pick())
    .map((x) => `<li><a href="${articlePath(x)}">${esc(title(x))}</a></li>`)
    .join('');
  const section = L.sections[s]!;
  const body = `<h1>${esc(title(a))}</h1>
<p class="meta">Filed under <a href="/${section}/">${section}</a>.</p>
${paragraphs(a, 1650, inText)}`;
  return shell(
    L,
    title(a),
    ` › <a href="/${section}/">${section}</a>`,
    body,
    `<aside class="related"><h2>Related articles</h2><ul>${related}</ul></aside>`,
  );
}

function listing(
  L: Layout,
  s: number,
  n: number,
  title: (a: number) => string,
  articlePath: (a: number) => string,
): string {
  const section = L.sections[s]!;
  const total = L.listings[s]!;
  const first = L.firstArticle[s]! + (n - 1) * PER_LISTING;
  const last = Math.min(L.firstArticle[s]! + L.articles[s]!, first + PER_LISTING);
  const items: string[] = [];
  for (let a = first; a < last; a++)
    items.push(
      `<li><a href="${articlePath(a)}">${esc(title(a))}</a> — ${paragraphs(a, 30, []).slice(3, -4)}</li>`,
    );
  const pages = [...new Set([1, n - 2, n - 1, n + 1, n + 2, total])]
    .filter((k) => k >= 1 && k <= total && k !== n)
    .sort((x, y) => x - y)
    .map((k) => `<a href="${listingPath(section, k)}">${k}</a>`)
    .join(' ');
  const t = n === 1 ? `All about ${section}` : `All about ${section} – page ${n}`;
  return shell(
    L,
    t,
    ` › ${section}`,
    `<h1>${esc(t)}</h1><ul class="posts">${items.join('\n')}</ul>
<nav class="pagination" aria-label="pagination">${pages}</nav>`,
  );
}

function home(L: Layout, title: (a: number) => string, articlePath: (a: number) => string): string {
  const sections = L.sections.map((s) => `<li><a href="/${s}/">All about ${s}</a></li>`).join('');
  const latest = Array.from({ length: 20 }, (_, i) => i * Math.floor(L.articleCount / 20))
    .map((a) => `<li><a href="${articlePath(a)}">${esc(title(a))}</a></li>`)
    .join('');
  return shell(
    L,
    'Greenfield Gardens',
    '',
    `<h1>Greenfield Gardens</h1>${paragraphs(1, 300, [])}<h2>Sections</h2><ul>${sections}</ul><h2>Latest</h2><ul>${latest}</ul>` +
      Array.from(
        { length: L.archives },
        (_, k) => `<p><a href="/archive/${k + 1}/">Archive ${k + 1}</a></p>`,
      ).join(''),
  );
}

function fixedPage(L: Layout, p: string): string {
  const name = p.slice(1, -1);
  return shell(L, name, ` › ${name}`, `<h1>${name}</h1>${paragraphs(name.length, 600, [])}`);
}
