/**
 * Campaign actions on the fixture site (seed 5, 24 articles), crawled, embedded and analysed once, with Search
 * Console rows planted through the writer the API sync uses. Each source of targets is checked against what
 * the rest of the API says about the site (idea check, clusters, pairs, links, pages) and against the site's
 * sections (each article's category is known): a campaign proposes only targets about its seed topics. Then
 * de-duplication, refresh, rebuild, the export, and last (because it re-crawls) stale evidence for pages that
 * went away.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { GscWriter } from '../../../server/domain/analytics/gsc-writer.js';
import { cosine } from '../../../server/domain/embeddings/vectors.js';
import { ANCHOR_EDGE_KINDS } from '../../../server/schemas/crawl.js';
import type { Target } from '../../../server/schemas/targets.js';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { crawlFixture, finishedJob, jobResult, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, bytesOf, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import {
  COVERED_QUERY,
  DECLINING_PATH,
  NEW_QUERY,
  PLANTED,
  STEADY_PATH,
  plantedRecords,
} from '../../fixtures/campaigns/planted-gsc.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
type PageSummary = CallAnswer<'pages.list'>['items'][number];
let livePages: PageSummary[];
const pageAt = (path: string) => livePages.find((p) => p.url === `${site.origin}${path}`)!;

/** Topics of several sections of the blog, so a campaign has targets of every kind. */
const BROAD_TOPICS = [
  'growing avocados indoors',
  'making leaf mould',
  'growing tomatoes in containers',
  'starting seeds indoors',
  'pruning roses',
  'composting',
];

/** The pages a target acts on (its subject, the pages to merge or link from), not the closest to a new topic. */
const actedOn = (x: Target) => x.evidence!.pages.filter((p) => p.role !== 'closest');
/** The blog section (category) of an article page, or undefined for any other page. */
const sectionOf = (url: string) => site.articles.find((a) => a.url === url)?.category;

/** Runs a campaign action and returns its job result, each action's own. */
const expand = async (id: number) =>
  jobResult(t, await t.call('campaigns.expand', { campaign_id: id }), 240_000);
const runRefresh = async (id: number) =>
  jobResult(t, await t.call('campaigns.refresh', { campaign_id: id }), 240_000);
const runRebuild = async (id: number) =>
  jobResult(t, await t.call('campaigns.rebuild', { campaign_id: id }), 240_000);

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 5, articles: 24 });
  siteId = await crawlFixture(t, site);
  await jobResult(t, await t.call('pages.rebuildEmbeddings', { site_id: siteId }), 240_000);
  await jobResult(t, await t.call('similarity.analyze', { site_id: siteId }), 240_000);
  new GscWriter(t.store, t.services.sites).write(siteId, 'api', plantedRecords(site.origin));
  livePages = (
    await t.call('pages.list', { site_id: siteId, status_code: [200], indexable: true, limit: 1000 })
  ).items;
});
after(async () => {
  await t.close();
  await site.close();
});

async function campaign(body: Partial<CallArgs<'campaigns.create'>> = {}): Promise<number> {
  const created = await t.call('campaigns.create', {
    hub_client_id: 'northwind',
    name: 'Test',
    site_id: siteId,
    ...body,
  });
  return created.id;
}

async function targets(
  campaignId: number,
  filter: Omit<CallArgs<'targets.list'>, 'campaign_id' | 'limit' | 'sort'> = {},
): Promise<Target[]> {
  return (await t.call('targets.list', { campaign_id: campaignId, limit: 1000, sort: 'id', ...filter }))
    .items;
}

/** What de-duplication embeds of a target (not part of the API): its stored subject, else its title. */
const subjectOf = (x: Target) => t.store.targets.get(x.id)!.subject ?? x.title;

describe('expand: each source of targets', () => {
  it('new_content: seed topics and Search Console queries the idea check finds new or partially covered', async () => {
    const id = await campaign({
      seed_topics: [
        'growing avocados indoors',
        'making leaf mould',
        // Both are articles of the site: covered, never proposed.
        'Composting for beginners',
        'How to Stop Tomato Blight Before It Starts',
      ],
      settings: { kinds: ['new_content'], max_new: 50 },
    });
    const result = await expand(id);
    const list = await targets(id);
    assert.equal(result.added, list.length);
    assert.ok(
      list.every((x) => x.kind === 'new_content' && x.status === 'proposed' && x.source === 'expand'),
    );
    const byQuery = new Map(list.map((x) => [x.query, x]));
    // "making leaf mould" is what the idea check says it is (on this blog of composting articles it scores as
    // covered at the calibrated thresholds): proposed only when the check does not find it covered.
    const mould = await t.call('ideas.check', { idea: 'making leaf mould', site_id: siteId, k: 3 });
    assert.deepEqual(
      [...byQuery.keys()].sort(),
      [
        'growing avocados indoors',
        NEW_QUERY,
        ...(mould.verdict === 'covered' ? [] : ['making leaf mould']),
      ].sort(),
      'only the topics and queries the site does not cover',
    );

    const seed = byQuery.get('growing avocados indoors')!;
    assert.equal(seed.title, 'Growing avocados indoors');
    assert.equal(seed.evidence!.origin, 'seed_topic');
    assert.equal(seed.evidence!.gsc, null);
    assert.match(seed.rationale, /No page on the site covers “growing avocados indoors” yet/);
    assert.match(seed.rationale, /seed topics/);

    const query = byQuery.get(NEW_QUERY)!;
    assert.equal(query.evidence!.origin, 'search_query');
    assert.deepEqual(
      { clicks: query.evidence!.gsc!.clicks, impressions: query.evidence!.gsc!.impressions },
      { clicks: 56, impressions: 28 * 80 + 28 * 90 },
    );
    assert.match(query.rationale, /56 clicks from 4,760 impressions, average position 38/);

    // Each names its topic and how close it is: a seed topic is its own, the query is close to one.
    assert.match(seed.rationale, /^Topic “growing avocados indoors”: the seed topic itself\. /);
    assert.match(query.rationale, /^Topic “growing avocados indoors”: close \(closeness 0\.\d\d\)\. /);
    assert.ok(query.evidence!.scores.closeness! >= 0.5 && query.evidence!.scores.closeness! < 1);

    // The verdict is the idea check's: the same check through its own route agrees with the evidence.
    for (const x of list) {
      assert.ok(x.query, `target ${x.id} came from a topic or a query`);
      const check = await t.call('ideas.check', { idea: x.query, site_id: siteId, k: 3 });
      assert.ok(['new', 'partially_covered'].includes(check.verdict), `${x.query}: ${check.verdict}`);
      assert.equal(x.evidence!.scores.idea_score, Math.round(check.score * 1000) / 1000);
      assert.deepEqual(
        x.evidence!.pages.map((p) => [p.id, p.url, p.role]),
        check.matches.map((m) => [m.page.id, m.page.url, 'closest']),
      );
      assert.ok(x.score! > 0 && x.score! <= 1);
    }
    const covered = await t.call('ideas.check', { idea: COVERED_QUERY, site_id: siteId });
    assert.equal(covered.verdict, 'covered', 'the planted covered query is covered');
    // Search demand counts: the Search Console query outranks the seed topic with no figures.
    assert.ok(query.score! > seed.score!);
  });

  it('a topic the site touches becomes a refresh of the page that touches it, a covered one nothing', async () => {
    // Wide bands, so this blog has a topic of each verdict: "making leaf mould" scores between them against the
    // composting articles (measured ≈ 0.64), an article's own title above, an avocado nowhere near.
    const saved = await t.call('system.getSettings');
    await t.call('system.updateSettings', { idea_covered_score: 0.68, idea_partially_covered_score: 0.5 });
    try {
      const topics = ['making leaf mould', 'Composting for beginners', 'growing avocados indoors'];
      const checks = await Promise.all(
        topics.map((idea) => t.call('ideas.check', { idea, site_id: siteId, k: 3 })),
      );
      assert.deepEqual(
        checks.map((c) => c.verdict),
        ['partially_covered', 'covered', 'new'],
        checks.map((c) => c.score).join(', '),
      );
      const id = await campaign({
        seed_topics: topics,
        settings: { kinds: ['new_content', 'refresh'], max_new: 50 },
      });
      await expand(id);
      const seeded = (await targets(id)).filter((x) => topics.includes(x.query ?? ''));
      assert.deepEqual(
        seeded.map((x) => [x.kind, x.query]).sort(),
        [
          ['new_content', 'growing avocados indoors'],
          ['refresh', 'making leaf mould'],
        ],
        'no target for the covered topic',
      );
      const refresh = seeded.find((x) => x.kind === 'refresh')!;
      const best = checks[0]!.matches[0]!.page;
      assert.equal(refresh.page_id, best.id, 'on the page that best matches the topic');
      assert.equal(refresh.evidence!.origin, 'seed_topic');
      assert.deepEqual(refresh.evidence!.pages[0], {
        ...refresh.evidence!.pages[0],
        id: best.id,
        role: 'subject',
      });
      assert.equal(refresh.evidence!.scores.idea_score, Math.round(checks[0]!.score * 1000) / 1000);
      assert.match(refresh.title, /^Refresh “.+” to cover “making leaf mould”$/);
      assert.match(refresh.rationale, /^Topic “making leaf mould”: the seed topic itself\. /);
      assert.match(refresh.rationale, /touches on “making leaf mould” without covering it/);
      assert.match(refresh.rationale, /seed topics/);
      // A refresh re-judges it from the same data: the same evidence.
      await runRefresh(id);
      const again = (await targets(id)).find((x) => x.id === refresh.id)!;
      assert.equal(again.score, refresh.score);
      assert.equal(again.rationale, refresh.rationale);
    } finally {
      await t.call('system.updateSettings', {
        idea_covered_score: saved.idea_covered_score,
        idea_partially_covered_score: saved.idea_partially_covered_score,
      });
    }
  });

  it('merge: one target per duplicate/merge cluster on a topic, keeping the representative page', async () => {
    const id = await campaign({
      seed_topics: ['growing tomatoes in containers'],
      settings: { kinds: ['merge'], max_new: 50 },
    });
    await expand(id);
    const list = await targets(id);
    const clusters = (await t.call('similarity.clusters', { site_id: siteId })).items;
    // Only indexable pages compete; the representative is kept, or else the best-scored indexable member.
    const expected = clusters
      .map((c) => {
        const members = c.pages.filter((p) => p.page.indexable).map((p) => p.page.id);
        const rep = c.representative_page?.id;
        const keep = rep !== undefined && members.includes(rep) ? rep : members[0]!;
        return { keep, members };
      })
      .filter((c) => c.members.length >= 2)
      .map((c) => [c.keep, c.members.filter((m) => m !== c.keep).sort((a, b) => a - b)]);
    // Different articles of one topic are linked, not merged (test/integration/similarity): the groups here are
    // the planted copies, and the tomato guide's is on the campaign's topic.
    assert.ok(expected.length >= 1);
    const got = list.map((x) => JSON.stringify([x.page_id, x.related_page_ids]));
    assert.ok(got.length >= 1, 'the tomato guide’s copies are merged');
    for (const g of got) assert.ok(expected.map((e) => JSON.stringify(e)).includes(g), `${g} is a cluster`);
    // A campaign on another subject is not offered the tomato pages' merge.
    const lawns = await campaign({ seed_topics: ['lawn care'], settings: { kinds: ['merge'], max_new: 50 } });
    await expand(lawns);
    assert.deepEqual(await targets(lawns), []);
    // The planted exact duplicate (an article and its printer-friendly copy) is one group to merge.
    const [article, copy] = site.pairs.exact.find(([a]) => a.endsWith(STEADY_PATH))!;
    const group = (x: Target) => [x.page_id!, ...x.related_page_ids];
    const ids = [article, copy].map((u) => livePages.find((p) => p.url === u)!.id);
    const dup = list.find((x) => ids.every((pid) => group(x).includes(pid)))!;
    assert.ok(dup, 'the article and its printer-friendly copy are merged');
    assert.deepEqual(
      dup.evidence!.pages.map((p) => [p.id, p.role]),
      group(dup).map((pid, i) => [pid, i === 0 ? 'keep' : 'merge']),
    );
    const merged = dup.evidence!.pages.slice(1).map((p) => p.score!);
    assert.equal(
      dup.evidence!.scores.overlap,
      Math.round((merged.reduce((a, b) => a + b, 0) / merged.length) * 1000) / 1000,
    );
    // Both pages are headed "Growing Tomatoes in Containers": the rationale tells them apart by path.
    assert.ok(
      dup.rationale.includes(
        `“Growing Tomatoes in Containers” (${STEADY_PATH}) and “Growing Tomatoes in Containers” (/print/growing-tomatoes-in-containers/)`,
      ),
      dup.rationale,
    );
    assert.match(dup.title, /^Merge \d+ overlapping pages? into “/);
    // Search Console clicks of the group: the planted pages in it.
    const planted = PLANTED.filter((q) => group(dup).includes(pageAt(q.path).id));
    assert.equal(
      dup.evidence!.gsc!.clicks,
      planted.reduce((s, q) => s + 28 * (q.before[0] + q.recent[0]), 0),
    );
    for (const x of list) {
      assert.ok(x.score! > 0 && x.score! <= 1);
      assert.match(x.rationale, /say much the same thing/);
      assert.match(
        x.rationale,
        /^Topic “growing tomatoes in containers”: (close|on it) \(closeness 0\.\d\d\)\. /,
      );
    }
  });

  it('refresh: a page on a topic whose clicks fall, never a page for being short (a short hub least)', async () => {
    // A bar above every page's length: were length a reason, every page would be proposed.
    const settings = { kinds: ['refresh' as const], max_new: 100, thin_word_count: 100_000 };
    const id = await campaign({ seed_topics: ['pruning roses', 'composting', 'lawn care'], settings });
    await expand(id);
    const list = await targets(id);
    const declining = pageAt(DECLINING_PATH).id;
    const falling = list.find((x) => x.page_id === declining)!;
    assert.ok(falling, 'the declining page about pruning roses');
    assert.equal(falling.evidence!.origin, 'declining_page');
    assert.equal(falling.evidence!.gsc!.previous_clicks, 28 * 6);
    assert.equal(falling.evidence!.gsc!.recent_clicks, 28 * 2);
    assert.equal(falling.evidence!.scores.decline, 0.667);
    assert.equal(falling.evidence!.scores.thinness, 0, 'its length is no part of it');
    assert.match(falling.rationale, /^Topic “pruning roses”: close \(closeness 0\.\d\d\)\. /);
    assert.match(falling.rationale, /fell from 168 to 56 \(−67%\)/);
    assert.doesNotMatch(falling.rationale, /words? of main text/);
    assert.ok(!list.some((x) => x.page_id === pageAt(STEADY_PATH).id), 'a steady page is left alone');
    for (const x of list) {
      assert.notEqual(x.evidence!.origin, 'thin_page');
      const page = await t.call('pages.get', { page_id: x.page_id! });
      assert.ok(
        !['hub', 'index', 'changelog'].includes(page.page_type ?? ''),
        `${page.url} is a ${page.page_type}`,
      );
    }
    const hubs = livePages.filter((p) => p.page_type === 'hub');
    assert.ok(hubs.length > 0 && hubs.every((p) => p.word_count < 100_000), 'the site has short hubs');

    // The same falling page is not proposed to a campaign on another subject.
    const other = await campaign({ seed_topics: ['growing tomatoes in containers'], settings });
    await expand(other);
    assert.ok(!(await targets(other)).some((x) => x.page_id === declining));
  });

  it('internal_link: orphans on a topic, and related pairs on it with no link between them', async () => {
    const id = await campaign({
      seed_topics: ['starting seeds indoors', 'composting'],
      settings: { kinds: ['internal_link'], max_new: 200 },
    });
    await expand(id);
    const list = await targets(id);

    const graph = await t.call('graph.linkGraph', {
      site_id: siteId,
      include_orphans: true,
      edge_kind: [...ANCHOR_EDGE_KINDS, 'redirect'],
      limit: 10000,
    });
    const live = new Set(livePages.filter((p) => p.depth !== 0).map((p) => p.id));
    const orphans = graph.nodes.filter((n) => n.orphan && live.has(n.id)).map((n) => n.id);
    assert.ok(orphans.length >= 2, 'the fixture has sitemap-only pages');
    const orphanTargets = list.filter((x) => x.evidence!.origin === 'orphan_page');
    const calendar = pageAt('/resources/seed-starting-calendar/').id;
    assert.ok(orphans.includes(calendar), 'the seed-starting calendar is known only from the sitemap');
    assert.ok(
      orphanTargets.some((x) => x.page_id === calendar),
      'the orphan about starting seeds is linked',
    );
    for (const x of orphanTargets) assert.ok(orphans.includes(x.page_id!), `${x.page_id} is an orphan`);
    assert.ok(orphanTargets.length < orphans.length, 'orphans on other subjects are the audit’s concern');
    for (const x of orphanTargets) {
      assert.equal(x.evidence!.scores.inlinks, 0);
      assert.ok(x.related_page_ids.length > 0 && x.related_page_ids.length <= 5);
      assert.match(x.rationale, /^Topic “[^”]+”: [a-z ]+ \(closeness 0\.\d\d\)\. No page links to /);
    }

    const outLinks = async (from: number) =>
      new Set(
        (await t.call('pages.links', { page_id: from, direction: 'out', limit: 1000 })).items.map(
          (l) => l.target.id,
        ),
      );
    const related = list.filter((x) => x.evidence!.origin === 'related_pages');
    assert.ok(related.length > 0);
    for (const x of related) {
      const pairs = (
        await t.call('similarity.pairs', {
          site_id: siteId,
          page_id: x.page_id ?? undefined,
          outcome: ['related'],
          limit: 1000,
        })
      ).items;
      const partners = new Set(pairs.map((p) => (p.page_a.id === x.page_id ? p.page_b.id : p.page_a.id)));
      for (const from of x.related_page_ids) {
        assert.ok(partners.has(from), `${from} and ${x.page_id} are a related pair`);
        assert.ok(!(await outLinks(from)).has(x.page_id!), `${from} does not link to ${x.page_id}`);
        assert.ok(!(await outLinks(x.page_id!)).has(from), `${x.page_id} does not link to ${from}`);
      }
      assert.match(x.rationale, /related topic/);
    }
    // Every page a link target names is on one of the two topics: no article of another section.
    for (const x of list) {
      assert.match(x.rationale, /^Topic “(starting seeds indoors|composting)”: (close|on it) /);
      for (const p of actedOn(x)) {
        const section = sectionOf(p.url);
        assert.ok(!section || ['vegetables', 'soil-and-compost'].includes(section), `${p.url}: ${section}`);
      }
    }
  });

  it('a campaign on one topic proposes nothing about the site’s other sections', async () => {
    const id = await campaign({ seed_topics: ['pruning roses'], settings: { max_new: 100 } });
    await expand(id);
    const list = await targets(id);
    assert.ok(list.length >= 1);
    for (const x of list) {
      assert.match(x.rationale, /^Topic “pruning roses”: /);
      for (const p of actedOn(x)) {
        const section = sectionOf(p.url);
        assert.ok(!section || section === 'flowers', `${x.title}: ${p.url} is about ${section}`);
      }
    }
    const articles = list.flatMap(actedOn).filter((p) => sectionOf(p.url));
    assert.ok(articles.length >= 1, 'it does propose work on the rose articles');
  });

  it('a persona reorders targets by how close their pages read to it, and changes nothing of what is proposed', async () => {
    const plain = await campaign({ seed_topics: BROAD_TOPICS, settings: { max_new: 100 } });
    const persona = 'Flat dwellers growing food on a balcony or a windowsill';
    const withPersona = await campaign({
      seed_topics: BROAD_TOPICS,
      persona_context: persona,
      settings: { max_new: 100 },
    });
    await expand(plain);
    await expand(withPersona);
    const key = (x: Target) => `${x.kind} ${x.title}`;
    const before = new Map((await targets(plain)).map((x) => [key(x), x]));
    const after = await targets(withPersona);
    assert.deepEqual(after.map(key).sort(), [...before.keys()].sort(), 'the same targets');
    const onPages = after.filter((x) => x.evidence!.scores.audience_factor !== undefined);
    assert.ok(onPages.length >= 3, 'targets on pages carry their fit to the persona');
    for (const x of onPages) {
      const s = x.evidence!.scores;
      assert.ok(s.audience_factor! >= 0.85 && s.audience_factor! <= 1, key(x));
      // The factor is the only difference from the same target without the persona.
      const was = before.get(key(x))!;
      assert.ok(
        Math.abs(x.score! - was.score! * s.audience_factor!) <= 0.002,
        `${key(x)}: ${x.score} vs ${was.score}`,
      );
    }
    // The factor follows the fit: pages reading closer to the persona never get a smaller one.
    const byFit = [...onPages].sort(
      (a, b) => a.evidence!.scores.audience_fit! - b.evidence!.scores.audience_fit!,
    );
    for (let i = 1; i < byFit.length; i++)
      assert.ok(
        byFit[i]!.evidence!.scores.audience_factor! >= byFit[i - 1]!.evidence!.scores.audience_factor!,
      );
    assert.ok(after.some((x) => /Readers: reads (closer to|further from) the persona/.test(x.rationale)));
    for (const x of after.filter((y) => y.kind === 'new_content'))
      assert.equal(
        x.evidence!.scores.audience_factor,
        undefined,
        'a page not yet written has no readers to compare',
      );
  });

  it('a campaign without seed topics proposes nothing: it is about nothing yet', async () => {
    const id = await campaign({ settings: { max_new: 100, thin_word_count: 100_000 } });
    const result = await expand(id);
    assert.deepEqual([result.added, result.candidates], [0, 0]);
  });
});

describe('jobs', () => {
  it('an expand cancelled while it runs adds nothing, and the campaign shows it as its last action', async () => {
    // Cancel it while it runs. It checks topics and embeds titles, but what earlier tests embedded is cached, so
    // it can finish between two looks at it: then the cancel comes too late, and a campaign on topics worded
    // anew (nothing cached) tries again.
    let id = 0;
    let started: Awaited<ReturnType<typeof t.call<'campaigns.expand'>>> | null = null;
    for (let attempt = 1; !started; attempt++) {
      const wording =
        attempt === 1 ? '' : ` (${['for beginners', 'in a small garden', 'on a budget'][attempt - 2]})`;
      id = await campaign({ seed_topics: BROAD_TOPICS.map((x) => x + wording), settings: { max_new: 500 } });
      const job = await t.call('campaigns.expand', { campaign_id: id });
      const running = await waitFor(async () => {
        const j = await t.call('jobs.get', { job_id: job.id });
        return j.status === 'queued' ? undefined : j;
      });
      const cancel = running.status === 'running' ? await t.send('jobs.cancel', { job_id: job.id }) : null;
      if (cancel?.status === 202 || cancel?.status === 200) started = job;
      else assert.ok(attempt < 4, `the expand finished before it could be cancelled, ${attempt} times`);
    }
    const job = await finishedJob(t, started, 10_000);
    assert.equal(job.status, 'cancelled');
    assert.deepEqual(await targets(id), []);
    const c = (await t.get(`/api/campaigns/${id}`)).body;
    assert.deepEqual(
      {
        kind: c.last_action.kind,
        job_id: c.last_action.job_id,
        status: c.last_action.status,
        result: c.last_action.result,
      },
      { kind: 'expand', job_id: started.id, status: 'cancelled', result: null },
    );
    // The campaign is free again: the next action starts.
    assert.deepEqual(await runRefresh(id), { rescored: 0, stale: 0 });
  });
});

describe('while passages are pending', () => {
  it('queues an action behind the embed job bringing them, and refuses it naming the rebuild when none will', async () => {
    const id = await campaign({ seed_topics: ['growing avocados indoors'] });
    const page = livePages[0]!.id;
    const pending = t.db.prepare('UPDATE page_embeddings SET passages_pending = ? WHERE page_id = ?');
    pending.run(1, page);
    try {
      const unfinished = await t.send('campaigns.expand', { campaign_id: id });
      assert.match(
        assertProblem(unfinished, 409, 'conflict').detail,
        /passages of 1 page of “.+” .*POST \/pages\/embeddings\/rebuild/,
      );
      // A target added by hand meanwhile is kept, and judged by the next refresh.
      const manual = await t.call('targets.create', {
        campaign_id: id,
        kind: 'refresh',
        title: 'Refresh the rose guide',
        page_id: pageAt(DECLINING_PATH).id,
      });
      assert.deepEqual([manual.score, manual.rationale, manual.evidence], [null, 'Added by hand.', null]);

      // An embed job in progress: the action is queued behind it, says so, and does not start meanwhile.
      const embedJob = Number(
        t.db
          .prepare(
            `INSERT INTO jobs (kind, site_id, status, params, created_at) VALUES ('embed', ?, 'running', '{}', ?)`,
          )
          .run(siteId, new Date().toISOString()).lastInsertRowid,
      );
      try {
        const queued = await t.call('campaigns.refresh', { campaign_id: id });
        assert.equal(queued.status, 'queued');
        assert.equal(queued.progress.phase, 'waiting');
        assert.match(
          queued.progress.message,
          new RegExp(
            `^Queued behind embed job ${embedJob}: runs when the passages of \\d+ of \\d+ pages are embedded\\.$`,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        assert.equal((await t.call('jobs.get', { job_id: queued.id })).status, 'queued', 'it waits');
        await t.call('jobs.cancel', { job_id: queued.id });
      } finally {
        t.db.prepare('DELETE FROM jobs WHERE id = ?').run(embedJob);
      }
    } finally {
      pending.run(0, page);
    }
    // Free once they are in: the expand runs and finds the topic new, and a refresh judges the manual target,
    // naming the topic it is nearest (the rose guide is far from avocados).
    assert.ok((await expand(id)).added >= 1);
    await runRefresh(id);
    const judged = (await targets(id)).find((x) => x.title === 'Refresh the rose guide')!;
    assert.equal(typeof judged.score, 'number');
    assert.match(
      judged.rationale,
      /^Topic “growing avocados indoors”: not close; it is the nearest \(closeness /,
    );
  });
});

describe('de-duplication', () => {
  it('never adds a target of the same kind and page, or with a title meaning the same', async () => {
    const id = await campaign({
      seed_topics: [...BROAD_TOPICS, 'Growing avocados indoors '],
      settings: { max_new: 3 },
    });
    // A target added by hand counts: expand must not propose the same refresh again.
    const manual = await t.post('/api/targets', {
      campaign_id: id,
      kind: 'refresh',
      page_id: pageAt(DECLINING_PATH).id,
      title: 'Write more here',
    });
    assert.equal(manual.status, 201, JSON.stringify(manual.body));

    const first = await expand(id);
    assert.equal(first.added, 3);
    const second = await expand(id);
    assert.ok(second.added >= 1);
    const all = await targets(id);
    assert.equal(all.length, 1 + first.added + second.added);
    // The falling rose page is these topics' one refresh, and the manual target has it.
    const kinds = new Set(all.slice(1, 4).map((x) => x.kind));
    assert.deepEqual(
      [...kinds].sort(),
      ['internal_link', 'merge', 'new_content'],
      'one expand takes the best of every kind in turn',
    );
    assert.equal(
      all.filter((x) => x.kind === 'refresh' && x.page_id === pageAt(DECLINING_PATH).id).length,
      1,
      'the falling page is refreshed once: the manual target',
    );

    const pageKeys = all.filter((x) => x.page_id !== null).map((x) => `${x.kind}:${x.page_id}`);
    assert.equal(new Set(pageKeys).size, pageKeys.length, 'no two targets of a kind on one page');
    const merged = all.filter((x) => x.kind === 'merge').flatMap((x) => [x.page_id, ...x.related_page_ids]);
    assert.equal(new Set(merged).size, merged.length, 'no page in two merge groups');
    // Every pair of one kind, pages or not, differs in subject: the heading or topic, without the kind's wording.
    const subjects = all.map(subjectOf);
    assert.equal(subjects[0], 'Write more here', 'a manual target is about what its title says');
    for (const [i, x] of all.entries()) {
      assert.ok(x.title.toLowerCase().includes(subjects[i]!.toLowerCase()), `${x.title} / ${subjects[i]}`);
      if (x.kind === 'new_content') assert.equal(subjects[i], x.query);
    }
    const vectors = await Promise.all(subjects.map((x) => t.services.embeddings.embedQuery(x)));
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        if (all[i]!.kind !== all[j]!.kind) continue;
        const c = cosine(vectors[i]!, vectors[j]!);
        assert.ok(c < 0.9, `“${subjects[i]}” and “${subjects[j]}” mean the same (${c.toFixed(3)})`);
      }
    }
    assert.equal(all.filter((x) => x.query?.toLowerCase().trim() === 'growing avocados indoors').length, 1);
  });

  it('a second expand after the first took everything adds nothing', async () => {
    const id = await campaign({ seed_topics: BROAD_TOPICS, settings: { max_new: 500 } });
    const first = await expand(id);
    assert.ok(first.added >= 5);
    const again = await expand(id);
    assert.equal(again.added, 0);
    assert.equal(again.duplicates, again.candidates, 'every candidate was recognised as a duplicate');
    assert.equal((await targets(id)).length, first.added);
    const c = (await t.get(`/api/campaigns/${id}`)).body;
    assert.equal(c.target_counts.proposed, first.added);
    assert.equal(c.last_action.kind, 'expand');
    assert.equal(c.last_action.status, 'succeeded');
    assert.equal(c.last_action.result.added, 0);
  });
});

describe('refresh and rebuild', () => {
  let id: number;
  let decided: Map<number, { status: string; notes: string; title: string }>;
  let manualId: number;
  let rejectedTopic: Target;
  let rejectedPage: Target;

  before(async () => {
    id = await campaign({ seed_topics: BROAD_TOPICS, settings: { max_new: 12 } });
    await expand(id);
    const list = await targets(id);
    rejectedTopic = list.find((x) => x.query === 'growing avocados indoors')!;
    rejectedPage = list.find((x) => x.kind === 'refresh')!;
    const accepted = list.find((x) => x.kind === 'merge')!;
    const working = list.find((x) => x.kind === 'internal_link')!;
    const patch = async (x: Target, body: object) =>
      assert.equal((await t.patch(`/api/targets/${x.id}`, body)).status, 200);
    await patch(rejectedTopic, { status: 'rejected', notes: 'client sells no avocados' });
    await patch(rejectedPage, { status: 'rejected' });
    await patch(accepted, { status: 'accepted', title: 'Merge the tomato pages' });
    await patch(working, { status: 'accepted' });
    await patch(working, { status: 'in_progress', notes: 'Anna is on it' });
    const manual = await t.call('targets.create', {
      campaign_id: id,
      kind: 'new_content',
      title: 'Growing chillies on a windowsill',
    });
    manualId = manual.id;
    decided = new Map(
      (await targets(id))
        .filter((x) => x.status !== 'proposed' || x.source === 'manual')
        .map((x) => [x.id, { status: x.status, notes: x.notes, title: x.title }]),
    );
  });

  it('refresh rescores every target and touches no status, note or title', async () => {
    const beforeList = await targets(id);
    const result = await runRefresh(id);
    assert.equal(result.rescored, beforeList.length);
    assert.equal(result.stale, 0);
    const afterList = await targets(id);
    assert.deepEqual(
      afterList.map((x) => [x.id, x.status, x.notes, x.title]),
      beforeList.map((x) => [x.id, x.status, x.notes, x.title]),
    );
    for (const [i, x] of afterList.entries()) {
      assert.ok(x.evidence!.computed_at > beforeList[i]!.evidence!.computed_at, 'evidence recomputed');
      assert.equal(x.score, beforeList[i]!.score, 'same data, same score');
      assert.equal(x.evidence!.stale, false);
    }
    const c = (await t.get(`/api/campaigns/${id}`)).body;
    assert.equal(c.last_action.kind, 'refresh');
    assert.deepEqual(c.last_action.result, { rescored: beforeList.length, stale: 0 });
  });

  it('rebuild keeps decided and manual targets and never proposes a rejected topic again', async () => {
    const oldProposed = (await targets(id, { status: ['proposed'] }))
      .filter((x) => x.source !== 'manual')
      .map((x) => x.id);
    const result = await runRebuild(id);
    assert.equal(result.removed, oldProposed.length);
    assert.equal(result.kept, decided.size);
    const list = await targets(id);
    for (const [tid, was] of decided) {
      const now = list.find((x) => x.id === tid);
      assert.ok(now, `target ${tid} kept`);
      assert.deepEqual({ status: now.status, notes: now.notes, title: now.title }, was);
    }
    assert.ok(
      list.some((x) => x.id === manualId && x.status === 'proposed'),
      'a proposed manual target stays',
    );
    assert.ok(!list.some((x) => oldProposed.includes(x.id)), 'the undecided generated targets were replaced');
    const fresh = list.filter((x) => !decided.has(x.id));
    assert.equal(fresh.length, result.added);
    assert.ok(fresh.every((x) => x.source === 'rebuild' && x.status === 'proposed'));
    assert.ok(
      !fresh.some((x) => x.kind === 'refresh' && x.page_id === rejectedPage.page_id),
      'rejected page',
    );
    const rejectedVector = await t.services.embeddings.embedQuery(subjectOf(rejectedTopic));
    for (const x of fresh.filter((f) => f.kind === 'new_content')) {
      assert.ok(cosine(rejectedVector, await t.services.embeddings.embedQuery(subjectOf(x))) < 0.9, x.title);
    }
  });

  it('two rebuilds on unchanged data give the same targets', async () => {
    const shape = (list: Target[]) =>
      list
        .filter((x) => x.source === 'rebuild')
        .map((x) =>
          JSON.stringify([x.kind, x.title, x.query, x.page_id, x.related_page_ids, x.score, x.rationale]),
        )
        .sort();
    const once = shape(await targets(id));
    await runRebuild(id);
    const twice = await targets(id);
    assert.deepEqual(shape(twice), once);
    assert.ok(once.length > 0);
    assert.equal(twice.filter((x) => decided.has(x.id)).length, decided.size);
  });
});

describe('campaign-targets export', () => {
  it('streams a campaign’s targets as CSV and XLSX, filtered by status, with formulas neutralised', async () => {
    const id = await campaign({
      seed_topics: ['growing tomatoes in containers'],
      settings: { kinds: ['merge'], max_new: 50 },
    });
    await expand(id);
    const formula = await t.call('targets.create', {
      campaign_id: id,
      kind: 'new_content',
      title: '=HYPERLINK("http://evil.test")',
    });
    const listed = (await t.call('export.list')).items.find((e) => e.name === 'campaign-targets');
    assert.deepEqual(listed?.formats, ['csv', 'xlsx']);

    const api = await targets(id);
    const csv = await t.get(`/export/campaign-targets.csv?campaign_id=${id}`);
    assert.equal(csv.status, 200);
    assert.match(
      String(csv.headers['content-disposition']),
      // The site's name, the campaign's ("Test") and the day (export-file-name.ts).
      /^attachment; filename=".+-campaign-test-targets-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => Number(r.id)),
      api.map((x) => x.id),
    );
    const merge = api.find((x) => x.kind === 'merge')!;
    const row = rows.find((r) => Number(r.id) === merge.id)!;
    assert.equal(row.title, merge.title);
    assert.equal(row.rationale, merge.rationale);
    assert.equal(Number(row.score), merge.score);
    assert.equal(row.page_url, merge.evidence!.pages[0]!.url);
    assert.equal(
      row.related_urls,
      merge
        .evidence!.pages.slice(1)
        .map((p) => p.url)
        .join(' '),
    );
    assert.equal(row.origin, 'similarity_cluster');
    assert.equal(rows.find((r) => Number(r.id) === formula.id)!.title, `'=HYPERLINK("http://evil.test")`);

    await t.patch(`/api/targets/${merge.id}`, { status: 'accepted' });
    const xlsx = await t.http
      .get(`/export/campaign-targets.xlsx?campaign_id=${id}&status=accepted`)
      .set(t.auth)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    assert.equal(xlsx.status, 200);
    const book = new ExcelJS.Workbook();
    const bytes = bytesOf(xlsx);
    await book.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    assert.equal(header[0], 'id');
    assert.equal(sheet.rowCount, 2, 'the header and the one accepted target');
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    assert.equal(values[header.indexOf('id')], merge.id);
    assert.equal(values[header.indexOf('status')], 'accepted');
    assert.equal(values[header.indexOf('title')], merge.title);

    const missing = assertProblem(await t.get('/export/campaign-targets.csv'), 400, 'validation');
    assert.deepEqual(
      missing.errors.map((e) => e.path),
      ['query.campaign_id'],
    );
    assertProblem(await t.get('/export/campaign-targets.csv?campaign_id=424242'), 404, 'not-found');
    assertProblem(await t.get(`/export/campaign-targets.pdf?campaign_id=${id}`), 404, 'not-found');
    assertProblem(
      await t.get(`/export/campaign-targets.csv?campaign_id=${id}&status=maybe`),
      400,
      'validation',
    );
  });
});

describe('stale evidence', () => {
  /** Refreshed after the re-crawl, by what each target is (the internal_link one was generated). */
  const seen: Record<'link' | 'refresh' | 'mergeInto' | 'mergeKeep' | 'topic' | 'live', Target> = {} as never;
  let calendar: PageSummary;
  let steady: PageSummary;
  let refreshed: Awaited<ReturnType<typeof runRefresh>>;

  before(async () => {
    const id = await campaign({
      seed_topics: ['starting seeds indoors'],
      settings: { kinds: ['internal_link'], max_new: 50 },
    });
    await expand(id);
    // /resources/seed-starting-calendar/ is known only from the sitemap.
    calendar = pageAt('/resources/seed-starting-calendar/');
    steady = pageAt(STEADY_PATH);
    const link = (await targets(id)).find((x) => x.page_id === calendar.id)!;
    assert.ok(link, 'the sitemap-only page is an orphan target');
    await t.patch(`/api/targets/${link.id}`, { status: 'accepted' });
    const add = async (body: Omit<CallArgs<'targets.create'>, 'campaign_id'>) =>
      t.call('targets.create', { campaign_id: id, ...body });
    const refresh = await add({ kind: 'refresh', title: 'Fill in the calendar', page_id: calendar.id });
    const mergeInto = await add({
      kind: 'merge',
      title: 'Fold the calendar into the guide',
      page_id: steady.id,
      related_page_ids: [calendar.id],
      status: 'accepted',
    });
    const mergeKeep = await add({
      kind: 'merge',
      title: 'Fold the guide into the calendar',
      page_id: calendar.id,
      related_page_ids: [steady.id],
    });
    const topic = await add({
      kind: 'new_content',
      title: 'A month-by-month sowing calendar',
      query: 'month by month sowing calendar',
      page_id: calendar.id,
    });
    const live = await add({ kind: 'refresh', title: 'Refresh the tomato guide', page_id: steady.id });
    for (const x of [refresh, mergeInto, mergeKeep, topic, live]) assert.equal(x.evidence!.stale, false);
    assert.equal(topic.evidence!.pages[0]!.id, calendar.id, 'a topic tied to a page shows it first');

    await t.call('sites.update', { site_id: siteId, settings: { use_sitemaps: false } });
    await runJob(t, 'crawl.start', { site_id: siteId });
    assertProblem(await t.send('pages.get', { page_id: calendar.id }), 404, 'not-found');

    refreshed = await runRefresh(id);
    const now = (x: Target) => t.call('targets.get', { target_id: x.id });
    Object.assign(seen, {
      link: await now(link),
      refresh: await now(refresh),
      mergeInto: await now(mergeInto),
      mergeKeep: await now(mergeKeep),
      topic: await now(topic),
      live: await now(live),
    });
    const others = (await targets(id)).filter((x) => !x.evidence!.stale);
    assert.ok(others.every((x) => x.evidence!.vanished_page_ids.length === 0));
    assert.equal(refreshed.stale, (await targets(id)).length - others.length);
  });

  it('internal_link: the gone page keeps its status and the URL the analyst saw', () => {
    const now = seen.link;
    assert.equal(now.status, 'accepted');
    assert.equal(now.evidence!.stale, true);
    assert.ok(now.evidence!.vanished_page_ids.includes(calendar.id));
    assert.equal(now.evidence!.pages[0]!.url, calendar.url, 'the gone page keeps the URL the analyst saw');
    assert.equal(now.score, 0);
    assert.match(now.rationale, /is gone since the last crawl/);
  });

  it('refresh: a page that is gone has nothing left to refresh', () => {
    const now = seen.refresh;
    assert.deepEqual(
      [now.status, now.evidence!.stale, now.evidence!.vanished_page_ids, now.score],
      ['proposed', true, [calendar.id], 0],
    );
    assert.equal(now.evidence!.pages[0]!.url, calendar.url);
    assert.match(now.rationale, /is gone since the last crawl, so there is nothing left to refresh/);
    assert.equal(seen.live.evidence!.stale, false, 'a refresh target whose page is still there is not stale');
  });

  it('merge: a gone page to fold in, or a gone page to keep', () => {
    const into = seen.mergeInto;
    assert.deepEqual(
      [into.status, into.evidence!.stale, into.evidence!.vanished_page_ids],
      ['accepted', true, [calendar.id]],
    );
    assert.match(
      into.rationale,
      /The pages to fold into .* are gone since the last crawl, so this may be done/,
    );
    const keep = seen.mergeKeep;
    assert.deepEqual([keep.evidence!.stale, keep.evidence!.vanished_page_ids], [true, [calendar.id]]);
    assert.match(
      keep.rationale,
      /the page to keep, is gone since the last crawl; choose another page to keep/,
    );
    assert.equal(keep.evidence!.pages[0]!.url, calendar.url);
  });

  it('new_content: a topic tied to a page that is gone', () => {
    const now = seen.topic;
    assert.deepEqual([now.evidence!.stale, now.evidence!.vanished_page_ids], [true, [calendar.id]]);
    assert.deepEqual(
      [now.evidence!.pages[0]!.id, now.evidence!.pages[0]!.url, now.evidence!.pages[0]!.role],
      [calendar.id, calendar.url, 'subject'],
    );
    assert.match(now.rationale, /, the page it is tied to, is gone since the last crawl\./);
    assert.ok(now.score! > 0, 'the topic itself may still be worth writing');
  });
});

describe('new pages', () => {
  it('internal_link: a new page on a topic gets a link from the topic’s strongest page', async () => {
    // After the re-crawl above, the rose-pruning guide is made new since the crawl before (as a page published
    // between the two crawls is), and only the home page still links to it.
    const page = pageAt(DECLINING_PATH);
    const home = livePages.find((p) => p.depth === 0)!;
    t.db
      .prepare(
        `UPDATE urls SET first_seen_at = (SELECT MAX(started_at) FROM jobs
           WHERE site_id = ? AND kind = 'crawl' AND status = 'succeeded') WHERE id = ?`,
      )
      .run(siteId, page.id);
    t.db
      .prepare('DELETE FROM links WHERE target_id = ? AND source_id NOT IN (?, ?)')
      .run(page.id, page.id, home.id);

    const id = await campaign({
      seed_topics: ['pruning roses'],
      settings: { kinds: ['internal_link'], max_new: 50 },
    });
    await expand(id);
    const list = await targets(id);
    const fresh = list.filter((x) => x.evidence!.origin === 'new_page');
    assert.deepEqual(
      fresh.map((x) => x.page_id),
      [page.id],
      'the new page on the topic, and no other page of the site',
    );
    const [target] = fresh;
    assert.match(target!.rationale, /^Topic “pruning roses”: [a-z ]+ \(closeness 0\.\d\d\)\. /);
    assert.match(target!.rationale, /is new since the crawl before the last one/);
    assert.ok(target!.related_page_ids.length >= 1 && target!.related_page_ids.length <= 5);
    assert.ok(!target!.related_page_ids.includes(home.id), 'a page that links to it already is not asked to');
  });
});
