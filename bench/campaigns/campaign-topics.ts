/**
 * Campaigns stay on their subject (#33): on the PostgreSQL manual as published (crawled, embedded and analysed
 * once, bench/campaigns/campaign-corpus.ts), two campaigns on different subjects of the manual each expand once,
 * and every target they propose is printed with its rationale and scored against labels made by reading the
 * pages (bench/campaigns/postgres-topic-labels.json): a target is on topic when every page it acts on (its
 * subject, the pages to merge, the pages to link from) is labelled about one of the campaign's topics, and a
 * new-content target when its query is a seed topic or is about one.
 *
 *   npx tsx bench/campaigns/campaign-topics.ts [--db <file> --site <id>]
 *
 * A page no label names is printed as UNLABELLED and counted apart: label it by reading it, then run again.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jobResult } from '../../test/helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import type { Target } from '../../server/schemas/targets.js';
import { machineLine } from '../site/machine.js';
import { prepareCampaignCorpus } from './campaign-corpus.js';

const LABELS = fileURLToPath(new URL('./postgres-topic-labels.json', import.meta.url));

interface CampaignLabels {
  name: string;
  seed_topics: string[];
  persona_context: string;
  /** Page file name → the seed topic it is about. */
  on: Record<string, string>;
  /** Page file name → why it is about none of them (as read). */
  off: Record<string, string>;
  /** Queries of new-content targets that are about a topic though not a seed topic themselves. */
  queries_on?: Record<string, string>;
}

type Verdict = 'on' | 'off' | 'unlabelled';

const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

/** The pages a target acts on: not the closest pages a new topic is compared with. */
const actedOn = (x: Target) =>
  (x.evidence?.pages ?? []).filter((p) => p.role !== 'closest').map((p) => fileOf(p.url));

function judge(x: Target, labels: CampaignLabels): { verdict: Verdict; why: string[] } {
  if (x.kind === 'new_content') {
    const q = x.query ?? x.title;
    const seed = labels.seed_topics.some((s) => s.toLowerCase() === q.toLowerCase());
    if (seed || labels.queries_on?.[q]) return { verdict: 'on', why: [] };
    return { verdict: 'off', why: [`query “${q}”`] };
  }
  const why: string[] = [];
  let verdict: Verdict = 'on';
  for (const page of actedOn(x)) {
    if (labels.on[page]) continue;
    if (labels.off[page] !== undefined) {
      verdict = 'off';
      why.push(`${page}: ${labels.off[page]}`);
    } else {
      if (verdict === 'on') verdict = 'unlabelled';
      why.push(`${page}: UNLABELLED`);
    }
  }
  return { verdict, why };
}

async function runCampaign(t: TestApp, siteId: number, labels: CampaignLabels) {
  const created = await t.call('campaigns.create', {
    hub_client_id: 'bench',
    name: labels.name,
    site_id: siteId,
    seed_topics: labels.seed_topics,
    persona_context: labels.persona_context,
  });
  const started = performance.now();
  const result = await jobResult(t, await t.call('campaigns.expand', { campaign_id: created.id }), 600_000);
  const seconds = (performance.now() - started) / 1000;
  const { items } = await t.call('targets.list', { campaign_id: created.id, limit: 1000, sort: '-score' });
  console.log(`\n## ${labels.name} — topics: ${labels.seed_topics.join(' · ')}`);
  console.log(`expand: ${result.added} added of ${result.candidates} candidates in ${seconds.toFixed(1)} s`);
  const counts: Record<Verdict, number> = { on: 0, off: 0, unlabelled: 0 };
  for (const [i, x] of items.entries()) {
    const { verdict, why } = judge(x, labels);
    counts[verdict]++;
    console.log(`\n${i + 1}. [${verdict.toUpperCase()}] ${x.kind} ${x.score} — ${x.title}`);
    console.log(`   pages: ${actedOn(x).join(', ') || '—'}`);
    console.log(`   ${x.rationale}`);
    for (const w of why) console.log(`   ! ${w}`);
    assert.match(x.rationale, /^Topic “.+”: /, 'every rationale opens with its topic and closeness');
  }
  // Per topic: what the idea check says of it (a covered topic gets no new page) and how many targets it got.
  for (const topic of labels.seed_topics) {
    const check = await t.call('ideas.check', { idea: topic, site_id: siteId, k: 3 });
    const n = items.filter((x) => x.rationale.startsWith(`Topic “${topic}”`)).length;
    console.log(`topic “${topic}”: idea check ${check.verdict} (${check.score.toFixed(2)}), ${n} targets`);
  }
  const judged = counts.on + counts.off;
  const share = judged ? counts.on / judged : 0;
  const infoSchema = items.filter((x) => actedOn(x).some((p) => p.startsWith('infoschema'))).length;
  console.log(
    `\n${labels.name}: ${items.length} targets, ${counts.on} on topic, ${counts.off} off, ${counts.unlabelled} unlabelled — on-topic share ${share.toFixed(2)}; about information_schema: ${infoSchema}`,
  );
  return { name: labels.name, targets: items.length, ...counts, share, infoSchema, seconds };
}

export async function campaignTopics(t: TestApp, siteId: number) {
  const all = JSON.parse(readFileSync(LABELS, 'utf8')) as { campaigns: CampaignLabels[] };
  const rows = [];
  for (const labels of all.campaigns) rows.push(await runCampaign(t, siteId, labels));
  console.log(`\n${machineLine()}`);
  console.log(
    '| Campaign | Targets | On topic | Off topic | Unlabelled | On-topic share | information_schema | Expand |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.targets} | ${r.on} | ${r.off} | ${r.unlabelled} | ${r.share.toFixed(2)} | ${r.infoSchema} | ${r.seconds.toFixed(1)} s |`,
    );
  return rows;
}

async function main() {
  const args = process.argv.slice(2);
  const db = args.includes('--db') ? args[args.indexOf('--db') + 1] : undefined;
  if (db) {
    const t = await createTestApp({ dbFile: db });
    await t.patch('/settings', { embedding_variant: 'q8' });
    try {
      await campaignTopics(t, Number(args[args.indexOf('--site') + 1] ?? 1));
    } finally {
      await t.close();
    }
    return;
  }
  const p = await prepareCampaignCorpus('postgres', (s) => console.error(s));
  try {
    await campaignTopics(p.t, p.siteId);
  } finally {
    await p.t.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
