/**
 * Builds resources/sample-site/: the bundled demo site the app can crawl offline. It is the crawler tests' fixture
 * site (test/fixtures/sites) with fewer articles, written as static files plus site.json for what static files
 * cannot say (redirects, error statuses, headers, the origin placeholder). Deterministic: rerunning it rewrites
 * the same bytes.
 *
 *   npx tsx scripts/build-sample-site.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportStaticSite } from '../test/fixtures/sites/static-export.js';

const SEED = 1;
const ARTICLES = 4;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'sample-site');
const { files, bytes, pages } = exportStaticSite(root, { seed: SEED, articles: ARTICLES });
console.log(`sample site: ${pages} HTML pages, ${files} files, ${(bytes / 1024).toFixed(0)} KiB in ${root}`);
