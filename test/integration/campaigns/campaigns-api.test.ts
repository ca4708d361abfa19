/**
 * Campaigns and targets through the API, without a crawl: create/read/update with validation, list filters,
 * hub clients, manual targets and every edge (and non-edge) of the target status table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TRANSITIONS } from '../../../server/domain/campaigns/transitions.js';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '../../../server/schemas/campaigns.js';
import { TARGET_STATUSES, type TargetStatus } from '../../../server/schemas/targets.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let siteId: number;
let otherSiteId: number;

before(async () => {
  t = await createTestApp();
  siteId = (await t.post('/sites', { start_url: 'https://garden.test/' })).body.id as number;
  otherSiteId = (await t.post('/sites', { start_url: 'https://other.test/' })).body.id as number;
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

const createCampaign = async (body: object) => {
  const res = await t.post('/api/campaigns', {
    hub_client_id: 'acme',
    name: 'Spring',
    site_id: siteId,
    ...body,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: number; updated_at: string } & Record<string, unknown>;
};

describe('campaigns', () => {
  it('creates a campaign with defaults, a Location header, zero counts and no last action', async () => {
    const res = await t.post('/api/campaigns', {
      hub_client_id: ' client-42 ',
      name: 'Autumn lawns',
      site_id: siteId,
      seed_topics: ['scarifying a lawn', 'Scarifying a lawn', 'overseeding bare patches'],
      settings: { max_new: 10 },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.headers.location, `/api/campaigns/${res.body.id}`);
    assert.equal(res.body.hub_client_id, 'client-42');
    assert.equal(res.body.status, 'draft');
    assert.equal(res.body.description, '');
    assert.equal(res.body.persona_context, null);
    assert.deepEqual(res.body.seed_topics, ['scarifying a lawn', 'overseeding bare patches']);
    assert.deepEqual(res.body.settings, { ...CAMPAIGN_SETTINGS_DEFAULTS, max_new: 10 });
    assert.deepEqual(res.body.target_counts, {
      proposed: 0,
      accepted: 0,
      rejected: 0,
      in_progress: 0,
      done: 0,
      total: 0,
    });
    assert.equal(res.body.last_action, null);
    const got = await t.get(`/api/campaigns/${res.body.id}`);
    assert.deepEqual(got.body, res.body);
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
    const p = assertProblem(res, 400, 'validation') as { errors: { path: string }[] };
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
      await t.post('/api/campaigns', { hub_client_id: 'a', name: 'b', site_id: 424242 }),
      404,
      'not-found',
    );
    assertProblem(await t.get('/api/campaigns/424242'), 404, 'not-found');
    assertProblem(await t.get('/api/campaigns/abc'), 400, 'validation');
  });

  it('patches only what is given, merges settings, and refuses unknown fields (site_id included)', async () => {
    const c = await createCampaign({
      description: 'first',
      persona_context: 'Allotment holders',
      settings: { max_new: 5 },
    });
    const res = await t.patch(`/api/campaigns/${c.id}`, {
      status: 'active',
      seed_topics: ['growing garlic'],
      settings: { thin_word_count: 200 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.status, 'active');
    assert.equal(res.body.description, 'first');
    assert.equal(res.body.persona_context, 'Allotment holders');
    assert.deepEqual(res.body.seed_topics, ['growing garlic']);
    assert.equal(res.body.settings.max_new, 5);
    assert.equal(res.body.settings.thin_word_count, 200);
    assert.ok(res.body.updated_at >= c.updated_at);

    const cleared = await t.patch(`/api/campaigns/${c.id}`, { persona_context: null });
    assert.equal(cleared.body.persona_context, null);

    const bad = await t.patch(`/api/campaigns/${c.id}`, { site_id: otherSiteId, owner: 'me', name: 'ok' });
    const p = assertProblem(bad, 400, 'validation') as { errors: { path: string; message: string }[] };
    assert.deepEqual(p.errors.map((e) => e.path).sort(), ['body.owner', 'body.site_id']);
    assert.ok(p.errors.every((e) => e.message === 'is not a known field'));
    assert.equal(
      (await t.get(`/api/campaigns/${c.id}`)).body.name,
      'Spring',
      'a refused patch changes nothing',
    );
    assertProblem(await t.patch('/api/campaigns/424242', { name: 'x' }), 404, 'not-found');
  });

  it('lists by hub client and (repeatable) status with keyset pages', async () => {
    const mk = (hub: string, status: string) =>
      createCampaign({ hub_client_id: hub, status, site_id: otherSiteId });
    const a1 = await mk('filter-a', 'active');
    const a2 = await mk('filter-a', 'paused');
    const a3 = await mk('filter-a', 'archived');
    await mk('filter-b', 'active');

    const byHub = await t.get('/api/campaigns?hub_client_id=filter-a');
    assert.deepEqual(
      byHub.body.items.map((c: { id: number }) => c.id),
      [a1.id, a2.id, a3.id],
    );
    const byStatus = await t.get('/api/campaigns?hub_client_id=filter-a&status=active&status=paused');
    assert.deepEqual(
      byStatus.body.items.map((c: { id: number }) => c.id),
      [a1.id, a2.id],
    );
    const comma = await t.get('/api/campaigns?hub_client_id=filter-a&status=archived,paused');
    assert.deepEqual(
      comma.body.items.map((c: { id: number }) => c.id),
      [a2.id, a3.id],
    );
    const bySite = await t.get(`/api/campaigns?site_id=${otherSiteId}&status=active`);
    assert.ok(bySite.body.items.every((c: { site_id: number }) => c.site_id === otherSiteId));
    assert.equal(bySite.body.items.length, 2);

    const first = await t.get('/api/campaigns?hub_client_id=filter-a&limit=2');
    assert.equal(first.body.items.length, 2);
    assert.ok(first.body.next_cursor);
    const second = await t.get(
      `/api/campaigns?hub_client_id=filter-a&limit=2&cursor=${first.body.next_cursor}`,
    );
    assert.deepEqual(
      second.body.items.map((c: { id: number }) => c.id),
      [a3.id],
    );
    assert.equal(second.body.next_cursor, null);
    assertProblem(await t.get('/api/campaigns?status=running'), 400, 'validation');
    // A cursor of another shape is refused, not taken as "start again" (which would loop a client forever).
    for (const key of [['x'], [first.body.items[1].id, 'extra'], [null]]) {
      const cursor = Buffer.from(JSON.stringify(key)).toString('base64url');
      const res = await t.get(`/api/campaigns?hub_client_id=filter-a&limit=2&cursor=${cursor}`);
      const p = assertProblem(res, 400, 'validation') as { errors: { path: string }[] };
      assert.deepEqual(
        p.errors.map((e) => e.path),
        ['query.cursor'],
        JSON.stringify(key),
      );
    }
  });

  it('lists hub clients with their campaign counts per status', async () => {
    const res = await t.get('/api/hub-clients?limit=1000');
    assert.equal(res.status, 200);
    const byId = new Map(
      (res.body.items as { hub_client_id: string; campaign_count: number; status_counts: object }[]).map(
        (h) => [h.hub_client_id, h],
      ),
    );
    assert.deepEqual(byId.get('filter-a'), {
      hub_client_id: 'filter-a',
      campaign_count: 3,
      status_counts: { draft: 0, active: 1, paused: 1, archived: 1 },
    });
    assert.equal(byId.get('filter-b')!.campaign_count, 1);
    const ids = [...byId.keys()];
    assert.deepEqual(ids, [...ids].sort(), 'ordered by hub client id');

    const page1 = await t.get('/api/hub-clients?limit=1');
    const page2 = await t.get(`/api/hub-clients?limit=1&cursor=${page1.body.next_cursor}`);
    assert.equal(page2.body.items[0].hub_client_id, ids[1]);
    // A campaigns cursor (a number) is not a hub-clients cursor (a name).
    const numeric = Buffer.from(JSON.stringify([1])).toString('base64url');
    const wrong = await t.get(`/api/hub-clients?limit=1&cursor=${numeric}`);
    const p = assertProblem(wrong, 400, 'validation') as { errors: { path: string }[] };
    assert.equal(p.errors[0]!.path, 'query.cursor');
  });

  it('deletes a site’s campaigns with the site', async () => {
    const site = (await t.post('/sites', { start_url: 'https://gone.test/' })).body.id as number;
    const c = await createCampaign({ site_id: site });
    assert.equal((await t.del(`/sites/${site}`)).status, 204);
    assertProblem(await t.get(`/api/campaigns/${c.id}`), 404, 'not-found');
  });
});

describe('targets', () => {
  let campaignId: number;
  before(async () => {
    campaignId = (await createCampaign({ hub_client_id: 'targets' })).id;
  });

  const manual = async (body: object = {}) => {
    const res = await t.post('/api/targets', {
      campaign_id: campaignId,
      kind: 'new_content',
      title: 'Winter pruning',
      ...body,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: number; status: TargetStatus } & Record<string, unknown>;
  };

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
    const evidence = target.evidence as { origin: string; pages: unknown[]; scores: Record<string, number> };
    assert.equal(evidence.origin, 'manual');
    assert.deepEqual(evidence.pages, []);
    assert.equal(evidence.scores.idea_score, 0);
    assert.match(
      String(target.rationale),
      /Nothing on the site is about “when to prune apple trees in winter”/,
    );
    assert.match(String(target.rationale), /added by hand/);
    const res = await t.get(`/api/targets/${target.id}`);
    assert.deepEqual(res.body, target);
    const list = await t.get(`/api/targets?campaign_id=${campaignId}`);
    assert.ok(list.body.items.some((x: { id: number }) => x.id === target.id));
  });

  it('validates manual targets: kind, fields, and pages that must belong to the campaign’s site', async () => {
    const p = assertProblem(
      await t.post('/api/targets', { campaign_id: campaignId, kind: 'blog', title: '', extra: 1 }),
      400,
      'validation',
    ) as { errors: { path: string }[] };
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
    ) as { errors: { path: string; message: string }[] };
    assert.deepEqual(pages.errors.map((e) => e.path).sort(), ['body.page_id', 'body.related_page_ids.0']);
    assert.match(pages.errors.find((e) => e.path === 'body.page_id')!.message, /required for a merge target/);
    assertProblem(
      await t.post('/api/targets', { campaign_id: 424242, kind: 'new_content', title: 'x' }),
      404,
      'not-found',
    );
  });

  it('refuses related pages that repeat page_id or each other, pages of another site, and late start statuses', async () => {
    const [keep, other] = [plantPage(siteId, '/roses/'), plantPage(siteId, '/roses/print/')];
    const foreign = plantPage(otherSiteId, '/roses/');
    const own = (await createCampaign({ hub_client_id: 'targets' })).id;
    const add = (body: object) =>
      t.post('/api/targets', { campaign_id: own, kind: 'merge', title: 'Merge roses', ...body });
    const errors = (res: Awaited<ReturnType<typeof add>>) =>
      (assertProblem(res, 400, 'validation') as { errors: { path: string; message: string }[] }).errors;

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
    // A target starts as an idea or a decision; the later statuses are reached along the transitions.
    for (const status of ['in_progress', 'done', 'rejected']) {
      const res = await add({ kind: 'new_content', title: 'Late start', status });
      assert.deepEqual(
        errors(res).map((e) => e.path),
        ['body.status'],
        status,
      );
    }
    assert.deepEqual(
      (await t.get(`/api/targets?campaign_id=${own}`)).body.items,
      [],
      'nothing refused was stored',
    );

    const accepted = await add({ page_id: keep, related_page_ids: [other], status: 'accepted' });
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
    assert.deepEqual([accepted.body.status, accepted.body.related_page_ids], ['accepted', [other]]);
  });

  it('requires campaign_id to list, filters by repeatable status and kind', async () => {
    const p = assertProblem(await t.get('/api/targets'), 400, 'validation') as { errors: { path: string }[] };
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['query.campaign_id'],
    );
    assertProblem(await t.get('/api/targets?campaign_id=424242'), 404, 'not-found');
    assertProblem(await t.get(`/api/targets?campaign_id=${campaignId}&status=maybe`), 400, 'validation');

    const a = await manual({ title: 'Filter one' });
    const b = await manual({ title: 'Filter two' });
    assert.equal((await t.patch(`/api/targets/${a.id}`, { status: 'accepted' })).status, 200);
    assert.equal((await t.patch(`/api/targets/${b.id}`, { status: 'rejected' })).status, 200);
    const accepted = await t.get(`/api/targets?campaign_id=${campaignId}&status=accepted`);
    assert.deepEqual(
      accepted.body.items.map((x: { id: number }) => x.id),
      [a.id],
    );
    const both = await t.get(
      `/api/targets?campaign_id=${campaignId}&status=accepted&status=rejected&sort=id`,
    );
    assert.deepEqual(
      both.body.items.map((x: { id: number }) => x.id),
      [a.id, b.id],
    );
    const byKind = await t.get(`/api/targets?campaign_id=${campaignId}&kind=merge`);
    assert.deepEqual(byKind.body.items, []);
    const campaign = await t.get(`/api/campaigns/${campaignId}`);
    assert.equal(campaign.body.target_counts.accepted, 1);
    assert.equal(campaign.body.target_counts.rejected, 1);
    assert.equal(campaign.body.target_counts.total, campaign.body.target_counts.proposed + 2);

    // Keyset pages by score: every target once, in order.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.get(
        `/api/targets?campaign_id=${campaignId}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((x: { id: number }) => x.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    assert.equal(seen.length, campaign.body.target_counts.total);
    assert.equal(new Set(seen).size, seen.length);
  });

  it('edits notes, title and query without a status change', async () => {
    const x = await manual({ title: 'Old title' });
    const res = await t.patch(`/api/targets/${x.id}`, { notes: 'n', title: 'New title', query: 'new query' });
    assert.equal(res.status, 200);
    assert.equal(res.body.title, 'New title');
    assert.equal(res.body.query, 'new query');
    assert.equal(res.body.notes, 'n');
    assert.equal(res.body.status, 'proposed');
    const bad = assertProblem(
      await t.patch(`/api/targets/${x.id}`, { score: 1, rationale: 'x' }),
      400,
      'validation',
    ) as {
      errors: { path: string }[];
    };
    assert.deepEqual(bad.errors.map((e) => e.path).sort(), ['body.rationale', 'body.score']);
    assertProblem(await t.patch('/api/targets/424242', { notes: 'x' }), 404, 'not-found');
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
        for (const step of pathTo[from]) {
          assert.equal(
            (await t.patch(`/api/targets/${x.id}`, { status: step })).status,
            200,
            `${from} via ${step}`,
          );
        }
        const res = await t.patch(`/api/targets/${x.id}`, { status: to, notes: 'tried' });
        if (TRANSITIONS[from].includes(to)) {
          assert.equal(res.status, 200, `${from} → ${to} should be allowed`);
          assert.equal(res.body.status, to);
          allowedSeen++;
        } else {
          const p = assertProblem(res, 409, 'conflict') as {
            detail: string;
            allowed?: string[];
            from?: string;
            to?: string;
          };
          assert.deepEqual(p.allowed, [...TRANSITIONS[from]], `${from} → ${to}`);
          assert.equal(p.from, from);
          assert.equal(p.to, to);
          for (const next of TRANSITIONS[from]) assert.ok(p.detail.includes(next), p.detail);
          const now = await t.get(`/api/targets/${x.id}`);
          assert.equal(now.body.status, from, 'a refused change changes nothing');
          assert.equal(now.body.notes, '', 'not even the other fields');
          refusedSeen++;
        }
      }
    }
    assert.equal(allowedSeen, 8);
    assert.equal(refusedSeen, 12);
  });

  it('queues actions as jobs, one at a time per campaign, and refuses expand on archived campaigns', async () => {
    const c = await createCampaign({ hub_client_id: 'jobs' });
    const first = await t.post(`/api/campaigns/${c.id}/refresh`);
    assert.equal(first.status, 202, JSON.stringify(first.body));
    assert.equal(first.headers.location, `/jobs/${first.body.id}`);
    assert.equal(first.body.kind, 'campaign_refresh');
    assert.equal(first.body.campaign_id, c.id);
    assert.equal(first.body.site_id, siteId);
    const second = await t.post(`/api/campaigns/${c.id}/expand`);
    if (second.status === 409) {
      const p = assertProblem(second, 409, 'conflict') as { job_id?: number };
      assert.equal(p.job_id, first.body.id);
    } else {
      // The refresh of an empty campaign may already have finished.
      assert.equal(second.status, 202);
    }
    await t.patch(`/api/campaigns/${c.id}`, { status: 'archived' });
    let res = await t.post(`/api/campaigns/${c.id}/expand`);
    for (let i = 0; res.status === 409 && !/archived/.test(res.body.detail) && i < 400; i++) {
      await new Promise((r) => setTimeout(r, 25));
      res = await t.post(`/api/campaigns/${c.id}/expand`);
    }
    assert.match(assertProblem(res, 409, 'conflict').detail!, /archived/);
    assertProblem(await t.post('/api/campaigns/424242/rebuild'), 404, 'not-found');
  });
});

describe('deleting', () => {
  // No job runner: an action stays queued until the test cancels it.
  let own: TestApp;
  let site: number;
  before(async () => {
    own = await createTestApp({ startRunner: false });
    site = (await own.post('/sites', { start_url: 'https://garden.test/' })).body.id as number;
  });
  after(() => own.close());

  const newCampaign = async () => {
    const res = await own.post('/api/campaigns', { hub_client_id: 'deleting', name: 'D', site_id: site });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  };
  const newTarget = async (campaign_id: number, title: string) => {
    const res = await own.post('/api/targets', { campaign_id, kind: 'new_content', title });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as number;
  };

  it('deletes a campaign with its targets, keeps its jobs as history, and never reuses its id', async () => {
    const id = await newCampaign();
    const targets = [await newTarget(id, 'Winter pruning'), await newTarget(id, 'Leaf mould')];
    const job = await own.post(`/api/campaigns/${id}/refresh`);
    assert.equal(job.status, 202, JSON.stringify(job.body));

    // Its queued action would write targets for a campaign that is gone.
    const busy = assertProblem(await own.del(`/api/campaigns/${id}`), 409, 'conflict') as {
      job_id?: number;
      detail: string;
    };
    assert.equal(busy.job_id, job.body.id);
    assert.match(busy.detail, new RegExp(`refresh job \\(${job.body.id}\\) queued`));
    assert.equal((await own.get(`/api/campaigns/${id}`)).status, 200, 'a refused delete deletes nothing');
    assert.equal((await own.post(`/jobs/${job.body.id}/cancel`)).status, 200);

    const res = await own.del(`/api/campaigns/${id}`);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assertProblem(await own.get(`/api/campaigns/${id}`), 404, 'not-found');
    for (const tid of targets) assertProblem(await own.get(`/api/targets/${tid}`), 404, 'not-found');
    assert.equal(own.store.targets.ofCampaign(id).length, 0);
    const kept = await own.get(`/jobs/${job.body.id}`);
    assert.deepEqual([kept.status, kept.body.campaign_id, kept.body.status], [200, id, 'cancelled']);
    assert.ok(
      !(await own.get('/api/campaigns?hub_client_id=deleting')).body.items.some(
        (c: { id: number }) => c.id === id,
      ),
    );

    // The next campaign does not take the id (nor the old job as its last action).
    const next = await own.get(`/api/campaigns/${await newCampaign()}`);
    assert.ok(next.body.id > id);
    assert.equal(next.body.last_action, null);

    assertProblem(await own.del(`/api/campaigns/${id}`), 404, 'not-found');
    assertProblem(await own.del('/api/campaigns/424242'), 404, 'not-found');
    const bad = assertProblem(await own.del('/api/campaigns/abc'), 400, 'validation') as {
      errors: { path: string }[];
    };
    assert.deepEqual(
      bad.errors.map((e) => e.path),
      ['path.campaign_id'],
    );
  });

  it('deletes one target and never reuses its id', async () => {
    const id = await newCampaign();
    const keep = await newTarget(id, 'Winter pruning');
    const gone = await newTarget(id, 'Leaf mould');
    const res = await own.del(`/api/targets/${gone}`);
    assert.equal(res.status, 204);
    assertProblem(await own.get(`/api/targets/${gone}`), 404, 'not-found');
    const list = await own.get(`/api/targets?campaign_id=${id}`);
    assert.deepEqual(
      list.body.items.map((x: { id: number }) => x.id),
      [keep],
    );
    assert.equal((await own.get(`/api/campaigns/${id}`)).body.target_counts.total, 1);
    assert.ok((await newTarget(id, 'Bulbs')) > gone, 'the deleted target’s id is not handed out again');

    assertProblem(await own.del(`/api/targets/${gone}`), 404, 'not-found');
    assertProblem(await own.del('/api/targets/424242'), 404, 'not-found');
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
      const site = (await own.post('/sites', { start_url: 'https://broken.test/' })).body.id as number;
      const campaign = await own.post('/api/campaigns', {
        hub_client_id: 'broken',
        name: 'B',
        site_id: site,
      });
      assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
      const add = () =>
        own.post('/api/targets', {
          campaign_id: campaign.body.id,
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
      const listed = await own.get(`/api/targets?campaign_id=${campaign.body.id}`);
      assert.deepEqual(listed.body.items, [], 'the failed target was not stored');
      assert.equal((await add()).status, 201);
      assert.equal((await own.get(`/api/targets?campaign_id=${campaign.body.id}`)).body.items.length, 1);
    } finally {
      await own.close();
    }
  });
});
