/**
 * What an idea check could use besides the best passage cosine, for each labelled idea (ideas-<corpus>.json) on
 * the cached corpora of bench:semantic: its five best pages with their best passage scores, how many of a page's
 * passages score within 0.05 of its best, the page vector's cosine, the best cosine of the page's title and
 * headings (each embedded on its own), and the idea's words with their IDF over the site and count in the page.
 * Written to /tmp/idea-features-<corpora>.json for analysis; docs/benchmarks.md says what it showed.
 *
 *   node --import tsx bench/semantic/idea-features.ts [python,postgres,handbook]
 */
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { requireCorpus } from './corpora.js';
import { loadIdeas } from './idea-eval.js';
import { prepareCorpus } from './prepare-corpus.js';
import { cosine, similarityFromDistance } from '../../server/domain/embeddings/vectors.js';

const cacheDir = fileURLToPath(new URL('../.cache/semantic-eval', import.meta.url));
const out: object[] = [];
const STOP = new Set(
  'a an the and or of to in on for with without by from is are be how what which why when do does can i my your you it its this that at as into over under about should so their them we our up out one each every more most than then'.split(
    ' ',
  ),
);
const words = (s: string) =>
  (s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => w.length > 1 && !STOP.has(w));
for (const name of (process.argv[2] ?? 'python,postgres,handbook').split(',')) {
  const p = await prepareCorpus(requireCorpus(name), cacheDir, console.log);
  const { store } = p.t;
  const headingsOf = store.db.prepare<[number], { headings: string }>(
    'SELECT headings FROM pages WHERE id = ?',
  );
  const emb = p.t.services.embeddings;
  // site vocabulary
  const texts = new Map<number, string>();
  let after = 0;
  for (;;) {
    const b = store.pages.mainTextsAfter(p.siteId, after, 500);
    if (!b.length) break;
    for (const r of b) texts.set(r.page_id, r.main_text);
    after = b.at(-1)!.page_id;
  }
  const df = new Map<string, number>();
  const tf = new Map<number, Map<string, number>>();
  for (const [id, t] of texts) {
    const m = new Map<string, number>();
    for (const w of words(t)) m.set(w, (m.get(w) ?? 0) + 1);
    tf.set(id, m);
    for (const w of m.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const N = texts.size;
  const ideas = loadIdeas(name);
  for (const [i, idea] of ideas.entries()) {
    const qv = await emb.embedQuery(idea.idea);
    const near = store.embeddings.knnPassages(qv, 400, p.siteId);
    const byPage = new Map<number, number[]>();
    for (const r of near) {
      const ps = store.embeddings.passage(r.passage_id);
      if (!ps) continue;
      const l = byPage.get(ps.page_id) ?? [];
      l.push(similarityFromDistance(r.distance));
      byPage.set(ps.page_id, l);
    }
    const pages = [...byPage.entries()].sort((a, b) => b[1][0]! - a[1][0]!).slice(0, 5);
    const headingCache = new Map<string, number>();
    const headingCos = async (text: string) => {
      let c = headingCache.get(text);
      if (c === undefined) headingCache.set(text, (c = cosine(qv, await emb.embedQuery(text))));
      return c;
    };
    const heads: { max: number; text: string | null }[] = [];
    for (const [id] of pages.slice(0, 3)) {
      const page = store.pages.get(id)!;
      const hs = [
        page.title ?? '',
        ...(JSON.parse(headingsOf.get(id)?.headings ?? '[]') as { text: string }[]).map((h) => h.text),
      ]
        .filter(Boolean)
        .slice(0, 80);
      let best = { max: -1, text: null as string | null };
      for (const h of hs) {
        const c = await headingCos(h);
        if (c > best.max) best = { max: Math.round(c * 1000) / 1000, text: h };
      }
      heads.push(best);
    }
    const feats = pages.map(([id, scores], rank) => {
      const page = store.pages.get(id)!;
      const pv = store.embeddings.pageVector(id);
      const t = tf.get(id) ?? new Map();
      const terms = [...new Set(words(idea.idea))].map((w) => ({
        w,
        idf: Math.log((N + 1) / ((df.get(w) ?? 0) + 1)),
        tf: t.get(w) ?? 0,
      }));
      return {
        url: new URL(page.url).pathname,
        title: page.title,
        s: scores.slice(0, 5).map((x) => Math.round(x * 1000) / 1000),
        n05: scores.filter((x) => x >= scores[0]! - 0.05).length,
        page_cos: pv ? Math.round(cosine(qv, pv) * 1000) / 1000 : null,
        head: heads[rank] ?? null,
        terms,
      };
    });
    out.push({
      corpus: name,
      i,
      held_out: i % 3 === 2,
      idea: idea.idea,
      verdict: idea.verdict,
      pages: idea.pages,
      top: feats,
    });
  }
  await p.t.close();
}
writeFileSync(`/tmp/idea-features-${process.argv[2] ?? 'all'}.json`, JSON.stringify(out));
console.log('wrote', out.length);
