/**
 * Campaigns and targets through the API, without a crawl: create/read/update with validation, list filters,
 * hub clients, manual targets and every edge (and non-edge) of the target status table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TRANSITIONS } from '../../../server/domain/campaigns/transitions.js';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '../../../server/schemas/campaigns.js';
import { TARGET_STATUSES, type TargetStatus } from '../../../server/schemas/targets.js';
import type { CallArgs } from '../../../server/contract/index.js';
import { Problem } from '../../../server/schemas/common.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let siteId: number;
let otherSiteId: number;

before(async () => {
  t = await createTestApp();
  siteId = (await t.call('sites.create', { start_url: 'https://garden.test/' })).id;
  otherSiteId = (await t.call('sites.create', { start_url: 'https://other.test/' })).id;
});
after(() => t.close());

/** A crawled page of a site, planted in the store (this file crawls nothing): its id. */
function plantPage(site: number, path: string): number {
  const url = `https://site-${site}.test${path}`;
  const id = Number(
    t.db
      .prepare(
        `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
         VALUES (?, ?, 1, 'done', 1, 1, 1, 1, ?)`,
      )
      .run(site, url, new Date().toISOString()).lastInsertRowid,
  );
  t.db
    .prepare(
      `INSERT INTO pages (id, site_id, url, status_code, content_type, title, indexable, word_count, crawled_at)
       VALUES (?, ?, ?, 200, 'text/html', ?, 1, 120, ?)`,
    )
    .run(id, site, url, `Page ${path}`, new Date().toISOString());
  return id;
}

const createCampaign = (body: Partial<CallArgs<'campaigns.create'>>) =>
  t.call('campaigns.create', { hub_client_id: 'acme', name: 'Spring', site_id: siteId, ...body });

describe('campaigns', () => {
  it('creates a campaign with defaults, a Location header, zero counts and no last action', async () => {
    const res = await t.send('campaigns.create', {
      hub_client_id: ' client-42 ',
      name: 'Autumn lawns',
      site_id: siteId,
      seed_topics: ['scarifying a lawn', 'Scarifying a lawn', 'overseeding bare patches'],
      settings: { max_new: 10 },
    });
    const created = t.answer('campaigns.create', res);
    assert.equal(res.headers.location, `/api/campaigns/${created.id}`);
    assert.equal(created.hub_client_id, 'client-42');
    assert.equal(created.status, 'draft');
    assert.equal(created.description, '');
    assert.equal(created.persona_context, null);
    assert.deepEqual(created.seed_topics, ['scarifying a lawn', 'overseeding bare patches']);
    assert.deepEqual(created.settings, { ...CAMPAIGN_SETTINGS_DEFAULTS, max_new: 10 });
    assert.deepEqual(created.target_counts, {
      proposed: 0,
      accepted: 0,
      rejected: 0,
      in_progress: 0,
      done: 0,
      total: 0,
    });
    assert.equal(created.last_action, null);
    assert.deepEqual(await t.call('campaigns.get', { campaign_id: created.id }), created);
  });

  it('validates the body and names every offending field', async () => {
    const res = await t.post('/api/campaigns', {
      hub_client_id: '',
      site_id: 'x',
      status: 'running',
      seed_topics: ['ok', ''],
      settings: { max_new: 0, kinds: ['blog_post'], colour: 'red' },
      budget: 12,
    });
    const p = assertProblem(res, 400, 'validation');
    assert.deepEqual(p.errors.map((e) => e.path).sort(), [
      'body.budget',
      'body.hub_client_id',
      'body.name',
      'body.seed_topics.1',
      'body.settings.colour',
      'body.settings.kinds.0',
      'body.settings.max_new',
      'body.site_id',
      'body.status',
    ]);
    assertProblem(
      await t.send('campaigns.create', { hub_client_id: 'a', name: 'b', site_id: 424242 }),
      404,
      'not-found',
    );
    assertProblem(await t.send('campaigns.get', { campaign_id: 424242 }), 404, 'not-found');
    assertProblem(await t.get('/api/campaigns/abc'), 400, 'validation');
  });

  it('patches only what is given, merges settings, and refuses unknown fields (site_id included)', async () => {
    const c = await createCampaign({
      description: 'first',
      persona_context: 'Allotment holders',
      settings: { max_new: 5 },
    });
    const patched = await t.call('campaigns.update', {
      campaign_id: c.id,
      status: 'active',
      seed_topics: ['growing garlic'],
      settings: { thin_word_count: 200 },
    });
    assert.equal(patched.status, 'active');
    assert.equal(patched.description, 'first');
    assert.equal(patched.persona_context, 'Allotment holders');
    assert.deepEqual(patched.seed_topics, ['growing garlic']);
    assert.equal(patched.settings.max_new, 5);
    assert.equal(patched.settings.thin_word_count, 200);
    assert.ok(patched.updated_at >= c.updated_at);

    const cleared = await t.call('campaigns.update', { campaign_id: c.id, persona_context: null });
    assert.equal(cleared.persona_context, null);

    // Unknown fields are the point: sent raw.
    const bad = await t.patch(`/api/campaigns/${c.id}`, { site_id: otherSiteId, owner: 'me', name: 'ok' });
    const p = assertProblem(bad, 400, 'validation');
    assert.deepEqual(p.errors.map((e) => e.path).sort(), ['body.owner', 'body.site_id']);
    assert.ok(p.errors.every((e) => e.message === 'is not a known field'));
    assert.equal(
      (await t.call('campaigns.get', { campaign_id: c.id })).name,
      'Spring',
      'a refused patch changes nothing',
    );
    assertProblem(await t.send('campaigns.update', { campaign_id: 424242, name: 'x' }), 404, 'not-found');
  });

  it('lists by hub client and (repeatable) status with keyset pages', async () => {
    const mk = (hub: string, status: CallArgs<'campaigns.create'>['status']) =>
      createCampaign({ hub_client_id: hub, status, site_id: otherSiteId });
    const a1 = await mk('filter-a', 'active');
    const a2 = await mk('filter-a', 'paused');
    const a3 = await mk('filter-a', 'archived');
    await mk('filter-b', 'active');

    const byHub = await t.call('campaigns.list', { hub_client_id: 'filter-a' });
    assert.deepEqual(
      byHub.items.map((c) => c.id),
      [a1.id, a2.id, a3.id],
    );
    const byStatus = await t.call('campaigns.list', {
      hub_client_id: 'filter-a',
      status: ['active', 'paused'],
    });
    assert.deepEqual(
      byStatus.items.map((c) => c.id),
      [a1.id, a2.id],
    );
    // Comma-separated values, as typed in a URL: sent raw, read typed.
    const comma = t.answer(
      'campaigns.list',
      await t.get('/api/campaigns?hub_client_id=filter-a&status=archived,paused'),
    );
    assert.deepEqual(
      comma.items.map((c) => c.id),
      [a2.id, a3.id],
    );
    const bySite = await t.call('campaigns.list', { site_id: otherSiteId, status: ['active'] });
    assert.ok(bySite.items.every((c) => c.site_id === otherSiteId));
    assert.equal(bySite.items.length, 2);

    const first = await t.call('campaigns.list', { hub_client_id: 'filter-a', limit: 2 });
    assert.equal(first.items.length, 2);
    assert.ok(first.next_cursor);
    const second = await t.call('campaigns.list', {
      hub_client_id: 'filter-a',
      limit: 2,
      cursor: first.next_cursor,
    });
    assert.deepEqual(
      second.items.map((c) => c.id),
      [a3.id],
    );
    assert.equal(second.next_cursor, null);
    assertProblem(await t.get('/api/campaigns?status=running'), 400, 'validation');
    // A cursor of another shape is refused, not taken as "start again" (which would loop a client forever).
    for (const key of [['x'], [first.items[1]!.id, 'extra'], [null]]) {
      const cursor = Buffer.from(JSON.stringify(key)).toString('base64url');
      const res = await t.get(`/api/campaigns?hub_client_id=filter-a&limit=2&cursor=${cursor}`);
      const p = assertProblem(res, 400, 'validation');
      assert.deepEqual(
        p.errors.map((e) => e.path),
        ['query.cursor'],
        JSON.stringify(key),
      );
    }
  });

  it('lists hub clients with their campaign counts per status', async () => {
    const { items } = await t.call('campaigns.hubClients', { limit: 1000 });
    const byId = new Map(items.map((h) => [h.hub_client_id, h]));
    assert.deepEqual(byId.get('filter-a'), {
      hub_client_id: 'filter-a',
      campaign_count: 3,
      status_counts: { draft: 0, active: 1, paused: 1, archived: 1 },
    });
    assert.equal(byId.get('filter-b')!.campaign_count, 1);
    const ids = [...byId.keys()];
    assert.deepEqual(ids, [...ids].sort(), 'ordered by hub client id');

    const page1 = await t.call('campaigns.hubClients', { limit: 1 });
    const page2 = await t.call('campaigns.hubClients', { limit: 1, cursor: page1.next_cursor ?? undefined });
    assert.equal(page2.items[0]?.hub_client_id, ids[1]);
    // A campaigns cursor (a number) is not a hub-clients cursor (a name).
    const numeric = Buffer.from(JSON.stringify([1])).toString('base64url');
    const wrong = await t.get(`/api/hub-clients?limit=1&cursor=${numeric}`);
    const p = assertProblem(wrong, 400, 'validation');
    assert.equal(p.errors[0]!.path, 'query.cursor');
  });

  it('deletes a site’s campaigns with the site', async () => {
    const site = (await t.call('sites.create', { start_url: 'https://gone.test/' })).id;
    const c = await createCampaign({ site_id: site });
    await t.call('sites.delete', { site_id: site });
    assertProblem(await t.send('campaigns.get', { campaign_id: c.id }), 404, 'not-found');
  });
});

describe('targets', () => {
  let campaignId: number;
  before(async () => {
    campaignId = (await createCampaign({ hub_client_id: 'targets' })).id;
  });

  const manual = (body: Partial<CallArgs<'targets.create'>> = {}) =>
    t.call('targets.create', {
      campaign_id: campaignId,
      kind: 'new_content',
      title: 'Winter pruning',
      ...body,
    });

  it('adds a manual target, judged at once, and lists it', async () => {
    const target = await manual({ query: 'when to prune apple trees in winter', notes: 'client asked' });
    assert.equal(target.source, 'manual');
    assert.equal(target.status, 'proposed');
    assert.equal(target.kind, 'new_content');
    assert.equal(target.page_id, null);
    assert.deepEqual(target.related_page_ids, []);
    assert.equal(target.notes, 'client asked');
    // The site has no pages, so nothing covers it: an entirely new topic.
    assert.equal(typeof target.score, 'number');
    const evidence = target.evidence;
    assert.ok(evidence, 'a judged target carries its evidence');
    assert.equal(evidence.origin, 'manual');
    assert.deepEqual(evidence.pages, []);
    assert.equal(evidence.scores.idea_score, 0);
    assert.match(
      String(target.rationale),
      /Nothing on the site is about “when to prune apple trees in winter”/,
    );
    assert.match(String(target.rationale), /added by hand/);
    assert.deepEqual(await t.call('targets.get', { target_id: target.id }), target);
    const list = await t.call('targets.list', { campaign_id: campaignId });
    assert.ok(list.items.some((x) => x.id === target.id));
  });

  it('validates manual targets: kind, fields, and pages that must belong to the campaign’s site', async () => {
    const p = assertProblem(
      await t.post('/api/targets', { campaign_id: campaignId, kind: 'blog', title: '', extra: 1 }),
      400,
      'validation',
    );
    assert.deepEqual(p.errors.map((e) => e.path).sort(), ['body.extra', 'body.kind', 'body.title']);
    const pages = assertProblem(
      await t.post('/api/targets', {
        campaign_id: campaignId,
        kind: 'merge',
        title: 'Merge these',
        related_page_ids: [999_999],
      }),
      400,
      'validation',
    );
    assert.deepEqual(pages.errors.map((e) => e.path).sort(), ['body.page_id', 'body.related_page_ids.0']);
    assert.match(pages.errors.find((e) => e.path === 'body.page_id')!.message, /required for a merge target/);
    assertProblem(
      await t.send('targets.create', { campaign_id: 424242, kind: 'new_content', title: 'x' }),
      404,
      'not-found',
    );
  });

  it('refuses related pages that repeat page_id or each other, pages of another site, and late start statuses', async () => {
    const [keep, other] = [plantPage(siteId, '/roses/'), plantPage(siteId, '/roses/print/')];
    const foreign = plantPage(otherSiteId, '/roses/');
    const own = (await createCampaign({ hub_client_id: 'targets' })).id;
    const add = (body: Partial<CallArgs<'targets.create'>>) =>
      t.send('targets.create', { campaign_id: own, kind: 'merge', title: 'Merge roses', ...body });
    const errors = (res: Awaited<ReturnType<typeof add>>) => assertProblem(res, 400, 'validation').errors;

    assert.deepEqual(errors(await add({ page_id: keep, related_page_ids: [other, keep] })), [
      { path: 'body.related_page_ids.1', message: 'is page_id itself; list only the other pages' },
    ]);
    assert.deepEqual(errors(await add({ page_id: keep, related_page_ids: [other, other] })), [
      { path: 'body.related_page_ids.1', message: 'is listed twice' },
    ]);
    assert.deepEqual(
      errors(await add({ page_id: foreign, related_page_ids: [other, foreign + 1_000] })).map((e) => e.path),
      ['body.page_id', 'body.related_page_ids.1'],
    );
    assert.match(
      errors(await add({ page_id: keep, related_page_ids: [foreign] }))[0]!.message,
      new RegExp(`is not a page of the campaign’s site \\(${siteId}\\)`),
    );
    // A target starts as an idea or a decision; the later statuses are reached along the transitions. The
    // contract types them out of a new target, so they are sent raw.
    for (const status of ['in_progress', 'done', 'rejected']) {
      const res = await t.post('/api/targets', {
        campaign_id: own,
        kind: 'new_content',
        title: 'Late start',
        status,
      });
      assert.deepEqual(
        errors(res).map((e) => e.path),
        ['body.status'],
        status,
      );
    }
    assert.deepEqual(
      (await t.call('targets.list', { campaign_id: own })).items,
      [],
      'nothing refused was stored',
    );

    const accepted = t.answer(
      'targets.create',
      await add({ page_id: keep, related_page_ids: [other], status: 'accepted' }),
    );
    assert.deepEqual([accepted.status, accepted.related_page_ids], ['accepted', [other]]);
  });

  it('requires campaign_id to list, filters by repeatable status and kind', async () => {
    const p = assertProblem(await t.get('/api/targets'), 400, 'validation');
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['query.campaign_id'],
    );
    assertProblem(await t.send('targets.list', { campaign_id: 424242 }), 404, 'not-found');
    assertProblem(await t.get(`/api/targets?campaign_id=${campaignId}&status=maybe`), 400, 'validation');

    const a = await manual({ title: 'Filter one' });
    const b = await manual({ title: 'Filter two' });
    await t.call('targets.update', { target_id: a.id, status: 'accepted' });
    await t.call('targets.update', { target_id: b.id, status: 'rejected' });
    const accepted = await t.call('targets.list', { campaign_id: campaignId, status: ['accepted'] });
    assert.deepEqual(
      accepted.items.map((x) => x.id),
      [a.id],
    );
    const both = await t.call('targets.list', {
      campaign_id: campaignId,
      status: ['accepted', 'rejected'],
      sort: 'id',
    });
    assert.deepEqual(
      both.items.map((x) => x.id),
      [a.id, b.id],
    );
    const byKind = await t.call('targets.list', { campaign_id: campaignId, kind: ['merge'] });
    assert.deepEqual(byKind.items, []);
    const counts = (await t.call('campaigns.get', { campaign_id: campaignId })).target_counts;
    assert.equal(counts.accepted, 1);
    assert.equal(counts.rejected, 1);
    assert.equal(counts.total, counts.proposed + 2);

    // Keyset pages by score: every target once, in order.
    const seen = (await t.callAll('targets.list', { campaign_id: campaignId, limit: 1 })).map((x) => x.id);
    assert.equal(seen.length, counts.total);
    assert.equal(new Set(seen).size, seen.length);
  });

  it('edits notes, title and query without a status change', async () => {
    const x = await manual({ title: 'Old title' });
    const edited = await t.call('targets.update', {
      target_id: x.id,
      notes: 'n',
      title: 'New title',
      query: 'new query',
    });
    assert.equal(edited.title, 'New title');
    assert.equal(edited.query, 'new query');
    assert.equal(edited.notes, 'n');
    assert.equal(edited.status, 'proposed');
    // Fields the analyst may not set are the point: sent raw.
    const bad = assertProblem(
      await t.patch(`/api/targets/${x.id}`, { score: 1, rationale: 'x' }),
      400,
      'validation',
    );
    assert.deepEqual(bad.errors.map((e) => e.path).sort(), ['body.rationale', 'body.score']);
    assertProblem(await t.send('targets.update', { target_id: 424242, notes: 'x' }), 404, 'not-found');
  });

  it('allows exactly the transitions of the table and answers 409 with the allowed next states otherwise', async () => {
    // Walk each status to every other status: reach `from` along allowed edges, then try `to`.
    const pathTo: Record<TargetStatus, TargetStatus[]> = {
      proposed: [],
      accepted: ['accepted'],
      rejected: ['rejected'],
      in_progress: ['accepted', 'in_progress'],
      done: ['accepted', 'in_progress', 'done'],
    };
    let allowedSeen = 0;
    let refusedSeen = 0;
    for (const from of TARGET_STATUSES) {
      for (const to of TARGET_STATUSES) {
        if (from === to) continue;
        const x = await manual({ title: `T ${from} ${to}` });
        for (const step of pathTo[from]) await t.call('targets.update', { target_id: x.id, status: step });
        const res = await t.send('targets.update', { target_id: x.id, status: to, notes: 'tried' });
        if (TRANSITIONS[from].includes(to)) {
          assert.equal(res.status, 200, `${from} → ${to} should be allowed`);
          assert.equal(t.answer('targets.update', res).status, to);
          allowedSeen++;
        } else {
          const p = assertProblem(res, 409, 'conflict');
          assert.deepEqual(p.allowed, [...TRANSITIONS[from]], `${from} → ${to}`);
          assert.equal(p.from, from);
          assert.equal(p.to, to);
          for (const next of TRANSITIONS[from]) assert.ok(p.detail.includes(next), p.detail);
          const now = await t.call('targets.get', { target_id: x.id });
          assert.equal(now.status, from, 'a refused change changes nothing');
          assert.equal(now.notes, '', 'not even the other fields');
          refusedSeen++;
        }
      }
    }
    assert.equal(allowedSeen, 8);
    assert.equal(refusedSeen, 12);
  });

  it('queues actions as jobs, one at a time per campaign, and refuses expand on archived campaigns', async () => {
    const c = await createCampaign({ hub_client_id: 'jobs' });
    const res1 = await t.send('campaigns.refresh', { campaign_id: c.id });
    const first = t.answer('campaigns.refresh', res1);
    assert.equal(res1.headers.location, `/jobs/${first.id}`);
    assert.equal(first.kind, 'campaign_refresh');
    assert.equal(first.campaign_id, c.id);
    assert.equal(first.site_id, siteId);
    const second = await t.send('campaigns.expand', { campaign_id: c.id });
    if (second.status === 409) {
      const p = assertProblem(second, 409, 'conflict');
      assert.equal(p.job_id, first.id);
    } else {
      // The refresh of an empty campaign may already have finished.
      assert.equal(second.status, 202);
    }
    await t.call('campaigns.update', { campaign_id: c.id, status: 'archived' });
    const expand = () => t.send('campaigns.expand', { campaign_id: c.id });
    let res = await expand();
    // Until the refresh is done, the refusal names it instead.
    const archived = () => /archived/.test(Problem.safeParse(res.body).data?.detail ?? '');
    for (let i = 0; res.status === 409 && !archived() && i < 400; i++) {
      await new Promise((r) => setTimeout(r, 25));
      res = await expand();
    }
    assert.match(assertProblem(res, 409, 'conflict').detail, /archived/);
    assertProblem(await t.send('campaigns.rebuild', { campaign_id: 424242 }), 404, 'not-found');
  });
});

describe('deleting', () => {
  // No job runner: an action stays queued until the test cancels it.
  let own: TestApp;
  let site: number;
  before(async () => {
    own = await createTestApp({ startRunner: false });
    site = (await own.call('sites.create', { start_url: 'https://garden.test/' })).id;
  });
  after(() => own.close());

  const newCampaign = async () =>
    (await own.call('campaigns.create', { hub_client_id: 'deleting', name: 'D', site_id: site })).id;
  const newTarget = async (campaign_id: number, title: string) =>
    (await own.call('targets.create', { campaign_id, kind: 'new_content', title })).id;

  it('deletes a campaign with its targets, keeps its jobs as history, and never reuses its id', async () => {
    const id = await newCampaign();
    const targets = [await newTarget(id, 'Winter pruning'), await newTarget(id, 'Leaf mould')];
    const job = await own.call('campaigns.refresh', { campaign_id: id });

    // Its queued action would write targets for a campaign that is gone.
    const busy = assertProblem(await own.send('campaigns.delete', { campaign_id: id }), 409, 'conflict');
    assert.equal(busy.job_id, job.id);
    assert.match(busy.detail, new RegExp(`refresh job \\(${job.id}\\) queued`));
    // A refused delete deletes nothing.
    await own.call('campaigns.get', { campaign_id: id });
    await own.call('jobs.cancel', { job_id: job.id });

    const res = await own.send('campaigns.delete', { campaign_id: id });
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assertProblem(await own.send('campaigns.get', { campaign_id: id }), 404, 'not-found');
    for (const tid of targets)
      assertProblem(await own.send('targets.get', { target_id: tid }), 404, 'not-found');
    assert.equal(own.store.targets.ofCampaign(id).length, 0);
    const kept = await own.call('jobs.get', { job_id: job.id });
    assert.deepEqual([kept.campaign_id, kept.status], [id, 'cancelled']);
    const listed = await own.call('campaigns.list', { hub_client_id: 'deleting' });
    assert.ok(!listed.items.some((c) => c.id === id));

    // The next campaign does not take the id (nor the old job as its last action).
    const next = await own.call('campaigns.get', { campaign_id: await newCampaign() });
    assert.ok(next.id > id);
    assert.equal(next.last_action, null);

    assertProblem(await own.send('campaigns.delete', { campaign_id: id }), 404, 'not-found');
    assertProblem(await own.send('campaigns.delete', { campaign_id: 424242 }), 404, 'not-found');
    const bad = assertProblem(await own.del('/api/campaigns/abc'), 400, 'validation');
    assert.deepEqual(
      bad.errors.map((e) => e.path),
      ['path.campaign_id'],
    );
  });

  it('deletes one target and never reuses its id', async () => {
    const id = await newCampaign();
    const keep = await newTarget(id, 'Winter pruning');
    const gone = await newTarget(id, 'Leaf mould');
    await own.call('targets.delete', { target_id: gone });
    assertProblem(await own.send('targets.get', { target_id: gone }), 404, 'not-found');
    const list = await own.call('targets.list', { campaign_id: id });
    assert.deepEqual(
      list.items.map((x) => x.id),
      [keep],
    );
    assert.equal((await own.call('campaigns.get', { campaign_id: id })).target_counts.total, 1);
    assert.ok((await newTarget(id, 'Bulbs')) > gone, 'the deleted target’s id is not handed out again');

    assertProblem(await own.send('targets.delete', { target_id: gone }), 404, 'not-found');
    assertProblem(await own.send('targets.delete', { target_id: 424242 }), 404, 'not-found');
    assertProblem(await own.del('/api/targets/0'), 400, 'validation');
  });

  it('answers 404 when the campaign is deleted while a manual target is being judged', async () => {
    const id = await newCampaign();
    // The interleaving a slow judgement allows: the campaign's delete lands while the model is embedding.
    const assessor = (own.services.targets as unknown as { assessor: { assessNew: AssessNew } }).assessor;
    const judge = assessor.assessNew;
    assessor.assessNew = async (...args) => {
      const assessment = await judge.apply(assessor, args);
      assert.equal((await own.del(`/api/campaigns/${id}`)).status, 204);
      return assessment;
    };
    try {
      const res = await own.post('/api/targets', {
        campaign_id: id,
        kind: 'new_content',
        title: 'Leaf mould',
      });
      assertProblem(res, 404, 'not-found');
    } finally {
      assessor.assessNew = judge;
    }
    assert.equal(own.store.targets.ofCampaign(id).length, 0);
  });
});

type AssessNew = (...args: unknown[]) => Promise<unknown>;

describe('a manual target whose assessment fails', () => {
  it('leaves no half-made row behind', async () => {
    const own = await createTestApp();
    try {
      const site = (await own.call('sites.create', { start_url: 'https://broken.test/' })).id;
      const campaign = await own.call('campaigns.create', {
        hub_client_id: 'broken',
        name: 'B',
        site_id: site,
      });
      const add = () =>
        own.send('targets.create', {
          campaign_id: campaign.id,
          kind: 'new_content',
          title: 'Winter pruning',
        });
      // A store failure while judging (the Search Console table is gone) is not "model unavailable".
      own.db.exec('ALTER TABLE gsc_rows RENAME TO gsc_rows_away');
      try {
        assertProblem(await add(), 500, 'internal');
      } finally {
        own.db.exec('ALTER TABLE gsc_rows_away RENAME TO gsc_rows');
      }
      const listed = await own.call('targets.list', { campaign_id: campaign.id });
      assert.deepEqual(listed.items, [], 'the failed target was not stored');
      assert.equal((await add()).status, 201);
      assert.equal((await own.call('targets.list', { campaign_id: campaign.id })).items.length, 1);
    } finally {
      await own.close();
    }
  });
});
