/**
 * The title test of de-duplication (embeddings with cosine ≥ 0.9) on every pair of one kind, pages included,
 * comparing subjects — a page's heading, not the "Refresh “…”" title built around it — with the real model on
 * the fixture site (seed 5, 24 articles). The cosines the tests rely on are measured here and printed as
 * diagnostics, so a change of model shows where the line moved. The pages whose refresh targets are compared lose
 * clicks in planted Search Console data and are on the campaigns' topics: that is what makes a campaign refresh a
 * page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { TITLE_DUPLICATE_COSINE } from '../../../server/domain/campaigns/target-dedupe.js';
import { cosine } from '../../../server/domain/embeddings/vectors.js';
import type { Target } from '../../../server/schemas/targets.js';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { GscWriter } from '../../../server/domain/analytics/gsc-writer.js';
import { crawlFixture, jobResult } from '../../helpers/crawl-site.js';
import { plantedRecords, type PlantedQuery } from '../../fixtures/campaigns/planted-gsc.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let pages: CallAnswer<'pages.list'>['items'];
const pageAt = (path: string) => pages.find((p) => p.url === `${site.origin}${path}`)!.id;

/** Runs a campaign action and returns its job result, each action's own. */
const expand = async (id: number) =>
  jobResult(t, await t.call('campaigns.expand', { campaign_id: id }), 240_000);
const rebuild = async (id: number) =>
  jobResult(t, await t.call('campaigns.rebuild', { campaign_id: id }), 240_000);

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 5, articles: 24 });
  siteId = await crawlFixture(t, site);
  await jobResult(t, await t.call('pages.rebuildEmbeddings', { site_id: siteId }), 240_000);
  // Looser than the defaults, so the home and about pages form merge groups with their neighbours: the subject
  // of a merge target is what is tested here, not whether these pages should merge (they should not).
  const analyze = t.call('similarity.analyze', {
    site_id: siteId,
    thresholds: { merge_reranker: 0.69, subject_agreement: 0 },
  });
  await jobResult(t, await analyze, 240_000);
  pages = (await t.call('pages.list', { site_id: siteId, limit: 1000 })).items;
  new GscWriter(t.store, t.services.sites).write(siteId, 'api', plantedRecords(site.origin, FALLING));
});

/** Pages losing most of their clicks: each is a refresh target of a campaign on its subject. */
const FALLING: PlantedQuery[] = [
  '/about/',
  '/blog/thirty-years-of-northwind-gardening/',
  '/guides/soil/testing/ph/',
  '/guides/soil/',
  '/events/',
  '/events/cafe-garden-party/',
].map((path) => ({ path, query: `northwind ${path}`, before: [12, 120], recent: [3, 110], position: 6 }));

/** Topics the falling pages are about. */
const TOPICS = [
  'the history of Northwind Gardening',
  'testing soil pH',
  'events and parties at the garden centre',
];
after(async () => {
  await t.close();
  await site.close();
});

type Settings = CallArgs<'campaigns.create'>['settings'];

async function campaign(settings: Settings, seed_topics: string[] = []): Promise<number> {
  const created = await t.call('campaigns.create', {
    hub_client_id: 'northwind',
    name: 'Subjects',
    site_id: siteId,
    settings,
    seed_topics,
  });
  return created.id;
}

async function targets(campaignId: number): Promise<Target[]> {
  return (await t.call('targets.list', { campaign_id: campaignId, limit: 1000, sort: 'id' })).items;
}

/** The cosine of two texts as de-duplication embeds them, printed with them. */
async function measured(ctx: TestContext, a: string, b: string): Promise<number> {
  const c = cosine(await t.services.embeddings.embedQuery(a), await t.services.embeddings.embedQuery(b));
  ctx.diagnostic(`cosine ${c.toFixed(4)}: “${a}” / “${b}”`);
  return c;
}

/** The refresh targets of a campaign by page. */
const refreshOn = (list: Target[], pageId: number) =>
  list.filter((x) => x.kind === 'refresh' && x.page_id === pageId);

describe('de-duplication by subject', () => {
  it('proposes page targets about different things even where their templated titles embed at 0.9 or more', async (ctx) => {
    // The shop itself is a topic too, so the group on its about page is the campaign’s.
    const id = await campaign({ kinds: ['refresh', 'merge'], max_new: 500 }, [
      ...TOPICS,
      'Northwind Gardening',
    ]);
    await expand(id);
    const list = await targets(id);

    // The about page and the company-history post: both losing clicks, both refreshed.
    const about = refreshOn(list, pageAt('/about/'))[0]!;
    const history = refreshOn(list, pageAt('/blog/thirty-years-of-northwind-gardening/'))[0]!;
    assert.ok(about && history, 'both pages get a refresh target');
    const aboutSubject = 'About Northwind Gardening';
    const historySubject = 'Thirty Years of Northwind Gardening';
    assert.deepEqual(
      [about.title, history.title],
      [`Refresh “${aboutSubject}”`, `Refresh “${historySubject}”`],
    );
    assert.ok((await measured(ctx, aboutSubject, historySubject)) < TITLE_DUPLICATE_COSINE);
    assert.ok((await measured(ctx, about.title, history.title)) >= TITLE_DUPLICATE_COSINE);

    // A merge group is about the page it keeps: the group kept on the about page has the about page's subject.
    // (The home page's group, whose title once embedded at 0.92 with it, is a home page and the blog's hub: a list
    // of links is not merged for its words.)
    const aboutMerge = list.find((x) => x.kind === 'merge' && x.page_id === pageAt('/about/'))!;
    assert.ok(aboutMerge, 'the group kept on the about page is proposed');
    const subjectOf = (x: Target) => t.store.targets.get(x.id)!.subject!;

    // The stored subjects are the headings the titles were made from.
    assert.deepEqual([about, history, aboutMerge].map(subjectOf), [
      aboutSubject,
      historySubject,
      aboutSubject,
    ]);
  });

  it('skips a page target whose subject means the same as a manual target’s title, counting it a duplicate', async (ctx) => {
    const settings: Settings = { kinds: ['refresh'], max_new: 500 };
    const plain = await campaign(settings, TOPICS);
    const control = await expand(plain);
    const phPage = pageAt('/guides/soil/testing/ph/');
    const soilPage = pageAt('/guides/soil/');
    const controlList = await targets(plain);
    const ph = refreshOn(controlList, phPage)[0]!;
    assert.equal(
      ph?.title,
      'Refresh “Soil pH explained”',
      'without a manual target the pH page is refreshed',
    );
    assert.equal(refreshOn(controlList, soilPage).length, 1);

    // The analyst files the pH explainer under the soil guide's page, in their own words.
    const id = await campaign(settings, TOPICS);
    const title = 'Refresh our explanation of soil pH';
    const manual = await t.call('targets.create', {
      campaign_id: id,
      kind: 'refresh',
      page_id: soilPage,
      title,
    });
    assert.ok((await measured(ctx, title, 'Soil pH explained')) >= TITLE_DUPLICATE_COSINE);

    const result = await expand(id);
    assert.equal(result.candidates, control.candidates);
    // The soil guide's own candidate (same page) and the pH page's (same subject).
    assert.equal(result.duplicates, control.duplicates + 2);
    assert.equal(result.added, control.added - 2);
    const list = await targets(id);
    assert.deepEqual(refreshOn(list, phPage), [], 'the pH page is not refreshed twice');
    assert.deepEqual(
      refreshOn(list, soilPage).map((x) => x.id),
      [manual.id],
    );
    // The manual target's title was embedded once and kept for the next run.
    const row = t.store.targets.get(manual.id)!;
    assert.equal(row.subject, null);
    assert.ok(row.subject_vector);
  });

  it('on rebuild, a rejected target retitled by the analyst keeps its new subject out, the same way twice', async (ctx) => {
    const id = await campaign({ kinds: ['refresh'], max_new: 500 }, TOPICS);
    const expanded = await expand(id);
    const partyPage = pageAt('/events/cafe-garden-party/');
    const events = refreshOn(await targets(id), pageAt('/events/'))[0]!;
    const party = refreshOn(await targets(id), partyPage)[0]!;
    assert.ok(events && party);
    const before = t.store.targets.get(events.id)!;
    assert.equal(before.subject, 'Events at the nursery');

    // The events page is to cover the party; then the work is turned down.
    const title = 'The Café in the Garden summer party';
    assert.equal((await t.patch(`/api/targets/${events.id}`, { title, status: 'rejected' })).status, 200);
    const edited = t.store.targets.get(events.id)!;
    assert.deepEqual([edited.subject, edited.subject_vector], [null, null], 'the new title is the subject');
    assert.ok(
      (await measured(ctx, title, 'The “Café in the Garden” Summer Party')) >= TITLE_DUPLICATE_COSINE,
    );

    const first = await rebuild(id);
    // The events page's own candidate (same page as the rejected target) and the party page's (same subject).
    assert.equal(first.candidates, expanded.candidates);
    assert.equal(first.duplicates, expanded.duplicates + 2);
    assert.equal(first.kept, 1);
    const list = await targets(id);
    assert.deepEqual(refreshOn(list, partyPage), [], 'the party page is not proposed again');
    assert.ok(list.some((x) => x.id === events.id && x.status === 'rejected' && x.title === title));
    const vector = t.store.targets.get(events.id)!.subject_vector!;
    assert.deepEqual(
      new Float32Array(vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength)),
      await t.services.embeddings.embedQuery(title),
      'the retitled target was embedded from its new title',
    );

    const shape = (l: Target[]) =>
      l
        .filter((x) => x.source === 'rebuild')
        .map((x) => JSON.stringify([x.title, x.page_id, x.score]))
        .sort();
    const second = await rebuild(id);
    assert.deepEqual({ ...second, removed: 0 }, { ...first, removed: 0 });
    assert.equal(second.removed, first.added);
    assert.deepEqual(shape(await targets(id)), shape(list));
  });

  it('on rebuild, leaves out a pick meaning the same as a target the analyst accepted while it was generating', async () => {
    const id = await campaign({ kinds: ['refresh'], max_new: 500 }, TOPICS);
    const first = await expand(id);
    const phPage = pageAt('/guides/soil/testing/ph/');
    const soilPage = pageAt('/guides/soil/');
    const soil = refreshOn(await targets(id), soilPage)[0]!;
    assert.ok(soil && refreshOn(await targets(id), phPage).length === 1);
    // The analyst points the soil guide's target at pH (cosine 0.95 with “Soil pH explained”, measured above);
    // the next expand embeds the new title and stores it, adding nothing.
    const title = 'Refresh our explanation of soil pH';
    assert.equal((await t.patch(`/api/targets/${soil.id}`, { title })).status, 200);
    assert.equal((await expand(id)).added, 0);
    assert.ok(t.store.targets.get(soil.id)!.subject_vector);

    // A rebuild begins while both targets are undecided, so neither is kept; as it generates, the analyst
    // accepts the soil target, which therefore stays.
    let accepted = false;
    const result = await t.services.campaignActions.rebuild(id, {
      signal: new AbortController().signal,
      progress: (p) => {
        if (accepted || p.phase !== 'collecting') return;
        t.services.targets.update(soil.id, { status: 'accepted' });
        accepted = true;
      },
    });
    assert.ok(accepted);
    assert.equal(result.kept, 0);
    // Its page's own candidate (same page) and the pH page's (same meaning) are left out at insert.
    assert.equal(result.candidates, first.candidates);
    assert.equal(result.added, first.added - 2);
    assert.equal(result.duplicates, first.duplicates + 2);
    const list = await targets(id);
    assert.deepEqual(
      refreshOn(list, soilPage).map((x) => [x.id, x.status]),
      [[soil.id, 'accepted']],
    );
    assert.deepEqual(refreshOn(list, phPage), [], 'the pH page is not proposed beside the accepted target');
  });

  it('never proposes a rejected topic again after the analyst retitled it', async () => {
    const topics = ['growing avocados indoors', 'keeping backyard chickens'];
    const id = await campaign({ kinds: ['new_content'], max_new: 50 }, topics);
    const expanded = await expand(id);
    const avocados = (await targets(id)).find((x) => x.query === 'growing avocados indoors')!;
    assert.equal(avocados?.title, 'Growing avocados indoors');

    const title = 'Not for this client';
    const patched = await t.patch(`/api/targets/${avocados.id}`, { status: 'rejected', title });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const stored = t.store.targets.get(avocados.id)!;
    assert.equal(stored.subject, 'growing avocados indoors', 'still about its topic');
    assert.ok(stored.subject_vector, 'whose embedding is unchanged');

    for (let i = 0; i < 2; i++) {
      const rebuilt = await rebuild(id);
      assert.equal(rebuilt.kept, 1);
      assert.equal(rebuilt.candidates, expanded.candidates);
      assert.equal(rebuilt.duplicates, expanded.duplicates + 1, 'the rejected topic is a duplicate');
      const list = await targets(id);
      assert.deepEqual(
        list.filter((x) => x.query?.toLowerCase() === 'growing avocados indoors').map((x) => x.id),
        [avocados.id],
        'only the rejected target has the topic',
      );
      assert.ok(list.some((x) => x.query === 'keeping backyard chickens' && x.source === 'rebuild'));
      const kept = list.find((x) => x.id === avocados.id)!;
      assert.deepEqual([kept.status, kept.title], ['rejected', title]);
    }
  });

  it('keeps a manual new-content target’s query out of expand, whatever its title', async (ctx) => {
    const topics = ['growing avocados indoors', 'keeping backyard chickens'];
    const settings: Settings = { kinds: ['new_content'], max_new: 50 };
    const control = await expand(await campaign(settings, topics));

    const id = await campaign(settings, topics);
    const title = 'A windowsill fruit tree for the shop';
    // The title alone would not keep the topic out: it means something else to the model.
    assert.ok((await measured(ctx, title, 'growing avocados indoors')) < TITLE_DUPLICATE_COSINE);
    const manual = await t.call('targets.create', {
      campaign_id: id,
      kind: 'new_content',
      title,
      query: 'Growing  Avocados indoors',
    });

    const result = await expand(id);
    assert.equal(result.candidates, control.candidates);
    assert.equal(result.duplicates, control.duplicates + 1);
    assert.equal(result.added, control.added - 1);
    const list = await targets(id);
    assert.deepEqual(
      list.filter((x) => /avocado/i.test(x.query ?? '')).map((x) => x.id),
      [manual.id],
    );
    assert.ok(list.some((x) => x.query === 'keeping backyard chickens'));
  });
});
