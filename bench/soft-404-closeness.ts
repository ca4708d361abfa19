/**
 * Calibrates `soft_404`'s closeness rule (#35): how close, by the page vectors Siteloupe stores, a page that
 * answers 200 must be to one of the site's real error pages before the audit calls it a soft 404.
 *
 * Error pages are the 404 templates real CMSs and shops ship (their wording as published); for each, the pages
 * that should be found are that template served with 200 (the requested path or search echoed in it — the most
 * common soft 404 there is) and the same site's "gone" and "empty" pages in its own words; the pages that must
 * not be found are every short real page (at most 400 words) of three real manuals, embedded by Siteloupe into
 * the semantic evaluation's cached databases, and a shop's own short ordinary pages (contact, about, cart, a
 * sparse category). Prints, per template, the positives' lowest closeness and the negatives' highest, and the
 * threshold the audit uses between them.
 *
 *   npx tsx bench/soft-404-closeness.ts        (needs bench/.cache/semantic-eval-q8: npm run bench:semantic)
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_THRESHOLDS } from '../server/schemas/audit-check-def.js';
import { Embedder } from '../server/adapters/embedder/embedder.js';
import { docVector } from '../server/domain/embeddings/doc-vector.js';
import { cosine } from '../server/domain/embeddings/vectors.js';
import { MODEL_NAME } from '../server/domain/system/health-service.js';
import { openDatabase } from '../server/store/db.js';
import { vectorView } from '../server/store/vector-blob.js';
import { machineLine } from './site/machine.js';

interface Doc {
  title: string;
  body: string;
}
interface Template {
  site: string;
  error: Doc;
  /** The template served with 200 for a path or a search: `{}` is where the path goes. */
  echoed: Doc;
  /** The site's own pages that say something is gone or empty. */
  gone: Doc[];
}

const PATHS = [
  '/products/blue-widget-2019',
  '/blog/2017/05/spring-sale',
  '/docs/v2/install',
  '/category/shoes?page=9',
];

const TEMPLATES: Template[] = [
  {
    site: 'WordPress (Twenty Twenty-One)',
    error: {
      title: 'Page not found – Northwind Garden',
      body: 'Nothing here. It looks like nothing was found at this location. Maybe try a search?',
    },
    echoed: {
      title: 'Page not found – Northwind Garden',
      body: 'Nothing here. It looks like nothing was found at {}. Maybe try a search?',
    },
    gone: [
      {
        title: 'Search results for “rose fertiliser” – Northwind Garden',
        body: 'Nothing Found. Sorry, but nothing matched your search terms. Please try again with some different keywords.',
      },
      {
        title: 'Tulip bulbs – Northwind Garden',
        body: 'This product is no longer available. Have a look at our other spring bulbs.',
      },
    ],
  },
  {
    site: 'Shopify (Dawn)',
    error: {
      title: '404 Not Found – Harbor Outfitters',
      body: 'Page not found. The page you were looking for does not exist. Continue shopping',
    },
    echoed: {
      title: '404 Not Found – Harbor Outfitters',
      body: 'Page not found. The page you were looking for ({}) does not exist. Continue shopping',
    },
    gone: [
      {
        title: 'Rain jackets – Harbor Outfitters',
        body: 'No products found. Use fewer filters or remove all. Continue shopping',
      },
      {
        title: 'Search: 0 results found for "waders" – Harbor Outfitters',
        body: 'No results found for “waders”. Check the spelling or use a different word or phrase.',
      },
    ],
  },
  {
    site: 'WooCommerce (Storefront)',
    error: {
      title: 'Page not found – Pinecrest Coffee',
      body: 'Oops! That page can’t be found. Nothing was found at this location. Try searching, or check out the links below. Search for products. Featured products. Product categories. Popular products.',
    },
    echoed: {
      title: 'Page not found – Pinecrest Coffee',
      body: 'Oops! That page can’t be found. Nothing was found at {}. Try searching, or check out the links below. Search for products. Featured products. Product categories. Popular products.',
    },
    gone: [
      {
        title: 'Decaf – Pinecrest Coffee',
        body: 'No products were found matching your selection.',
      },
    ],
  },
  {
    site: 'Magento (Luma)',
    error: {
      title: '404 Not Found',
      body: 'Whoops, our bad... The page you requested was not found, and we have a fine guess why. If you typed the URL directly, please make sure the spelling is correct. If you clicked on a link to get here, the link is outdated. What can you do? Have no fear, help is near! There are many ways you can get back on track with Magento Store. Go back to the previous page. Use the search bar at the top of the page to search for your products. Follow these links to get you back on track! Store Home | My Account',
    },
    echoed: {
      title: '404 Not Found',
      body: 'Whoops, our bad... The page you requested ({}) was not found, and we have a fine guess why. If you typed the URL directly, please make sure the spelling is correct. If you clicked on a link to get here, the link is outdated. What can you do? Have no fear, help is near! There are many ways you can get back on track with Magento Store. Go back to the previous page. Use the search bar at the top of the page to search for your products. Follow these links to get you back on track! Store Home | My Account',
    },
    gone: [
      {
        title: 'Yoga pants',
        body: 'We can’t find products matching the selection.',
      },
    ],
  },
  {
    site: 'Drupal',
    error: {
      title: 'Page not found | City of Westbrook',
      body: 'Page not found. The requested page could not be found.',
    },
    echoed: {
      title: 'Page not found | City of Westbrook',
      body: 'Page not found. The requested page "{}" could not be found.',
    },
    gone: [
      {
        title: 'Summer events 2019 | City of Westbrook',
        body: 'This event has ended and its page is no longer maintained. See current events.',
      },
    ],
  },
  {
    site: 'A documentation site (Sphinx / Read the Docs)',
    error: {
      title: 'Page not found — Flask Documentation',
      body: '404 Page not found. Unfortunately we couldn’t find the content you were looking for. Maybe try using the search box.',
    },
    echoed: {
      title: 'Page not found — Flask Documentation',
      body: '404 Page not found. Unfortunately we couldn’t find {}. Maybe try using the search box.',
    },
    gone: [
      {
        title: 'Search — Flask Documentation',
        body: 'Your search did not match any documents. Please make sure that all words are spelled correctly and that you’ve selected enough categories.',
      },
    ],
  },
];

/** A shop's own short pages that are not gone: the negatives that share a template with the error page. */
const ORDINARY: Doc[] = [
  {
    title: 'Contact us – Harbor Outfitters',
    body: 'Questions about an order? Write to help@harbor.example or call 555-0134, Monday to Friday 9–5. Our store at 12 Pier Road is open daily.',
  },
  {
    title: 'About – Northwind Garden',
    body: 'Northwind Garden has grown perennials in the valley since 1987. We ship bare-root plants from October to March and potted plants all year.',
  },
  { title: 'Your cart – Pinecrest Coffee', body: 'Your cart is currently empty. Return to shop.' },
  {
    title: 'Waders – Harbor Outfitters',
    body: 'Chest waders. Breathable four-layer shell, neoprene socks, gravel guards. 2 products. Sort by: featured.',
  },
  {
    title: 'Shipping and returns | City of Westbrook',
    body: 'Parking permits are mailed within five working days. Lost permits can be replaced at the town hall.',
  },
  {
    title: 'Installation — Flask Documentation',
    body: 'Python version. We recommend using the latest version of Python. Flask supports Python 3.8 and newer. Install Flask with pip install Flask.',
  },
];

const CORPORA = ['postgres', 'handbook', 'python'];
const CACHE = fileURLToPath(new URL('./.cache/semantic-eval-q8/', import.meta.url));

/** Every short page's vector in a cached evaluation database (copied: opening migrates it). */
function realShortPages(name: string): { url: string; words: number; vector: Float32Array }[] {
  const src = join(CACHE, `${name}.db`);
  if (!existsSync(src)) return [];
  const dir = mkdtempSync(join(tmpdir(), 'soft404-'));
  const file = join(dir, 'c.db');
  copyFileSync(src, file);
  const db = openDatabase(file);
  try {
    return db
      .prepare<[], { url: string; word_count: number; embedding: Buffer }>(
        `SELECT p.url, p.word_count, v.embedding FROM page_vectors v JOIN pages p ON p.id = v.page_id
         WHERE p.word_count <= 400`,
      )
      .all()
      .map((r) => ({ url: r.url, words: r.word_count, vector: Float32Array.from(vectorView(r.embedding)) }));
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const embedder = new Embedder({
    modelsDir: fileURLToPath(new URL('../resources/models', import.meta.url)),
    modelName: MODEL_NAME,
    dtype: 'q8',
  });
  const embed = async (docs: Doc[]) => (await embedder.embedDocs(docs)).map((d) => docVector(d)!);
  const negatives = CORPORA.flatMap((c) => realShortPages(c).map((p) => ({ ...p, corpus: c })));
  const ordinary = await embed(ORDINARY);
  console.log(machineLine());
  console.log(
    `${negatives.length} short real pages (${CORPORA.join(', ')}), ${ORDINARY.length} ordinary shop pages`,
  );
  console.log(`threshold in use: ${AUDIT_THRESHOLDS.audit_soft_404_similarity}\n`);
  let worstPositive = 1;
  let bestNegative = -1;
  for (const t of TEMPLATES) {
    const [error] = await embed([t.error]);
    const echoed = await embed(
      PATHS.map((p) => ({ title: t.echoed.title, body: t.echoed.body.replace('{}', p) })),
    );
    const gone = await embed(t.gone);
    const echoedMin = Math.min(...echoed.map((v) => cosine(error!, v)));
    const goneSims = gone.map((v) => cosine(error!, v));
    const real = negatives.map((n) => ({ n, sim: cosine(error!, n.vector) })).sort((a, b) => b.sim - a.sim);
    const ord = Math.max(...ordinary.map((v) => cosine(error!, v)));
    worstPositive = Math.min(worstPositive, echoedMin);
    bestNegative = Math.max(bestNegative, real[0]?.sim ?? -1, ord);
    console.log(`${t.site}`);
    console.log(`  template with 200, path echoed: min ${echoedMin.toFixed(3)}`);
    console.log(`  the site's own "gone/empty" pages: ${goneSims.map((s) => s.toFixed(3)).join(', ')}`);
    console.log(`  ordinary shop pages: max ${ord.toFixed(3)}`);
    console.log(
      `  real short pages: max ${real[0]?.sim.toFixed(3)} (${real[0]?.n.url}), p99 ${real[Math.floor(real.length / 100)]?.sim.toFixed(3)}`,
    );
  }
  const t = AUDIT_THRESHOLDS.audit_soft_404_similarity;
  console.log(
    `\nlowest echoed template ${worstPositive.toFixed(3)}; highest negative ${bestNegative.toFixed(3)}`,
  );
  console.log(
    worstPositive >= t && bestNegative < t
      ? `the threshold ${t} separates them (margins ${(worstPositive - t).toFixed(3)} and ${(t - bestNegative).toFixed(3)})`
      : `the threshold ${t} does NOT separate them`,
  );
  await embedder.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
