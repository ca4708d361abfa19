/**
 * How good a similarity analysis is on one prepared corpus: it runs the analysis as the job does, then measures
 * recall on the planted rewrites, precision of each outcome on a seeded random sample of the real pairs (by the
 * recorded judgements; pairs not judged yet are written out for judging), and the share of real pages that end
 * up in "should be one page" clusters.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlantedWhere } from './plant.js';
import type { PreparedCorpus } from './prepare-corpus.js';
import { correct, loadJudgements, pairKey, sample, type Label } from './judgements.js';

export const OUTCOMES = ['duplicate', 'merge', 'related'] as const;
type Outcome = (typeof OUTCOMES)[number];

export interface OutcomeFigures {
  pairs: number;
  sampled: number;
  judged: number;
  correct: number;
  precision: number | null;
  /** Wrong ones, for reading: `a ~ b (judged label: reason)`. */
  wrong: string[];
}

export interface PairFigures {
  seconds: number;
  result: Record<string, unknown>;
  outcomes: Record<Outcome, OutcomeFigures>;
  planted: {
    total: number;
    found: number;
    recall: number;
    /** Each missed copy: `original → copy (outcome or none)`. */
    missed: string[];
    /** Found of total, by where the copy was planted (beside its original, or in another part of the site). */
    byWhere: Record<PlantedWhere, { found: number; total: number }>;
    /** Found pairs whose page to keep is the original, not the copy nobody links to. */
    keptOriginal: number;
  };
  clusters: { pages: number; clustered: number; share: number; largest: number };
  unjudged: number;
}

interface ToJudge {
  a: string;
  b: string;
  title_a: string;
  title_b: string;
  text_a: string;
  text_b: string;
}

/** The opening of a page's main text a judge reads, with its headings (the page's outline). */
const READ_CHARS = 1_800;

export async function evaluatePairs(
  p: PreparedCorpus,
  opts: { sample: number; cacheDir: string },
): Promise<PairFigures> {
  const { t, siteId } = p;
  const started = performance.now();
  const result = await t.services.similarity.analyze(siteId, undefined, {
    signal: new AbortController().signal,
    progress: () => {},
  });
  const seconds = (performance.now() - started) / 1000;
  const db = t.store.db;
  const pathOf = new Map(
    (
      db.prepare('SELECT id, url FROM pages WHERE site_id = ?').all(siteId) as { id: number; url: string }[]
    ).map((r) => [r.id, new URL(r.url).pathname]),
  );
  const pairs = (
    db
      .prepare(
        `SELECT p.page_a, p.page_b, p.outcome, p.keep_page FROM similarity_pairs p
         JOIN similarity_current c ON c.run_id = p.run_id WHERE p.site_id = ?`,
      )
      .all(siteId) as { page_a: number; page_b: number; outcome: Outcome; keep_page: number | null }[]
  ).map((r) => ({
    a: pathOf.get(r.page_a)!,
    b: pathOf.get(r.page_b)!,
    outcome: r.outcome,
    keep: r.keep_page === null ? null : pathOf.get(r.keep_page)!,
  }));
  const copies = new Set(p.planted.map((x) => x.copy));
  const plantedKeys = new Map(p.planted.map((x) => [pairKey(x.original, x.copy), x]));
  const outcomeOf = new Map(pairs.map((r) => [pairKey(r.a, r.b), r.outcome]));
  const keepOf = new Map(pairs.map((r) => [pairKey(r.a, r.b), r.keep]));
  const strong = new Set(pairs.filter((r) => r.outcome !== 'related').map((r) => pairKey(r.a, r.b)));
  const missed = [...plantedKeys.keys()].filter((k) => !strong.has(k));
  const byWhere = { beside: { found: 0, total: 0 }, elsewhere: { found: 0, total: 0 } };
  let keptOriginal = 0;
  for (const [k, x] of plantedKeys) {
    byWhere[x.where].total++;
    if (strong.has(k)) byWhere[x.where].found++;
    if (strong.has(k) && keepOf.get(k) === x.original) keptOriginal++;
  }

  const real = pairs
    .filter((r) => !copies.has(r.a) && !copies.has(r.b))
    .sort((x, y) => pairKey(x.a, x.b).localeCompare(pairKey(y.a, y.b)));
  const judgements = loadJudgements(p.corpus.name);
  const todo = new Map<string, { a: string; b: string }>();
  const outcomes = {} as Record<Outcome, OutcomeFigures>;
  for (const outcome of OUTCOMES) {
    const all = real.filter((r) => r.outcome === outcome);
    const picked = sample(all, opts.sample, (r) => `${outcome} ${pairKey(r.a, r.b)}`);
    let judged = 0;
    let right = 0;
    const wrong: string[] = [];
    for (const r of picked) {
      const j = judgements.get(pairKey(r.a, r.b));
      if (!j) {
        todo.set(pairKey(r.a, r.b), r);
        continue;
      }
      judged++;
      if (correct(outcome, j.label)) right++;
      else wrong.push(`${r.a} ~ ${r.b} (${j.label}: ${j.reason})`);
    }
    outcomes[outcome] = {
      pairs: all.length,
      sampled: picked.length,
      judged,
      correct: right,
      precision: judged ? right / judged : null,
      wrong,
    };
  }
  if (todo.size) {
    const file = join(opts.cacheDir, `${p.corpus.name}-to-judge.json`);
    writeFileSync(
      file,
      JSON.stringify(
        [...todo.values()].map((r) => readable(p, r.a, r.b)),
        null,
        1,
      ),
    );
  }

  // Pages in clusters: real pages that share a cluster with another real page (a planted copy and its original
  // make a cluster of their own, which says nothing about the site).
  const clusterRows = db
    .prepare(
      `SELECT m.cluster_id, m.page_id FROM similarity_cluster_pages m JOIN similarity_clusters c ON c.id = m.cluster_id
       JOIN similarity_current cur ON cur.run_id = c.run_id WHERE c.site_id = ?`,
    )
    .all(siteId) as { cluster_id: number; page_id: number }[];
  const members = new Map<number, string[]>();
  for (const r of clusterRows) {
    const path = pathOf.get(r.page_id)!;
    if (copies.has(path)) continue;
    members.set(r.cluster_id, [...(members.get(r.cluster_id) ?? []), path]);
  }
  const realClusters = [...members.values()].filter((m) => m.length >= 2);
  const clustered = realClusters.reduce((s, m) => s + m.length, 0);
  const realPages =
    (
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM page_embeddings e JOIN pages p ON p.id = e.page_id WHERE p.site_id = ?`,
        )
        .get(siteId) as { n: number }
    ).n - copies.size;
  return {
    seconds,
    result: result as Record<string, unknown>,
    outcomes,
    planted: {
      total: plantedKeys.size,
      found: plantedKeys.size - missed.length,
      recall: plantedKeys.size ? (plantedKeys.size - missed.length) / plantedKeys.size : 1,
      missed: missed.map((k) => {
        const x = plantedKeys.get(k)!;
        return `${x.original} → ${x.copy} (${outcomeOf.get(k) ?? 'none'})`;
      }),
      byWhere,
      keptOriginal,
    },
    clusters: {
      pages: realPages,
      clustered,
      share: realPages ? clustered / realPages : 0,
      largest: Math.max(0, ...realClusters.map((m) => m.length)),
    },
    unjudged: todo.size,
  };
}

function readable(p: PreparedCorpus, a: string, b: string): ToJudge {
  const row = (path: string) =>
    p.t.store.db
      .prepare(
        `SELECT p.title, p.h1, c.main_text FROM pages p JOIN page_content c ON c.page_id = p.id
         WHERE p.site_id = ? AND p.url = ?`,
      )
      .get(p.siteId, `${p.origin}${path}`) as { title: string | null; h1: string | null; main_text: string };
  const [ra, rb] = [row(a), row(b)];
  return {
    a,
    b,
    title_a: ra.title ?? ra.h1 ?? '',
    title_b: rb.title ?? rb.h1 ?? '',
    text_a: ra.main_text.slice(0, READ_CHARS),
    text_b: rb.main_text.slice(0, READ_CHARS),
  };
}

export type { Label };
