/**
 * The setting most Search Console tests start from: the fixture site crawled into a real app, a fake Search
 * Console serving planted rows for it (its URL-prefix property), the app pointed at the fake through its
 * settings, and a service-account key stored through the API. Log lines are collected so tests can check no
 * secret reaches them.
 */
import assert from 'node:assert/strict';
import { createLogger } from '../../server/logger.js';
import { startFakeSearchConsole, type FakeSearchConsole } from '../fixtures/gsc/fake-search-console.js';
import { makeOAuthToken, makeServiceAccount } from '../fixtures/gsc/gsc-credentials.js';
import { plantGsc, type Plant } from '../fixtures/gsc/gsc-plant.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';
import { crawlFixture } from './crawl-site.js';
import { createTestApp, waitFor, type TestApp } from './test-app.js';

export interface GscSite {
  t: TestApp;
  site: FixtureSite;
  siteId: number;
  fake: FakeSearchConsole;
  plant: Plant;
  property: string;
  serviceAccount: ReturnType<typeof makeServiceAccount>;
  oauth: ReturnType<typeof makeOAuthToken>;
  logs: string[];
  close(): Promise<void>;
}

export async function startGscSite(
  opts: { rowLimit?: number; storeKey?: boolean; uiDir?: string } = {},
): Promise<GscSite> {
  const logs: string[] = [];
  const t = await createTestApp({
    logger: createLogger('debug', (l) => logs.push(l)),
    ...(opts.uiDir ? { uiDir: opts.uiDir } : {}),
  });
  const site = await startFixtureSite({ seed: 5, articles: 12 });
  const siteId = await crawlFixture(t, site);
  const serviceAccount = makeServiceAccount();
  const oauth = makeOAuthToken();
  const fake = await startFakeSearchConsole({
    serviceAccount: { email: serviceAccount.key.client_email, publicKeyPem: serviceAccount.publicKeyPem },
    oauth,
  });
  const property = site.startUrl;
  const plant = plantGsc(site.expected(), site.origin);
  fake.plant(property, plant.rows);
  const settings = await t.patch('/settings', {
    gsc_api_root: fake.apiRoot,
    gsc_token_url: fake.tokenUrl,
    gsc_row_limit: opts.rowLimit ?? 50,
  });
  assert.equal(settings.status, 200, JSON.stringify(settings.body));
  if (opts.storeKey ?? true) {
    const put = await t.http.put('/analytics/gsc/credentials').set(t.auth).send(serviceAccount.key);
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
  return {
    t,
    site,
    siteId,
    fake,
    plant,
    property,
    serviceAccount,
    oauth,
    logs,
    async close() {
      await t.close();
      await site.close();
      await fake.close();
    },
  };
}

export interface FinishedJob {
  id: number;
  status: string;
  result: Record<string, unknown> | null;
  error: { type: string; detail: string; retryable: boolean } | null;
  progress: { phase: string; done: number; total: number | null; message: string };
}

/** Starts a job route and waits for the job to finish, whatever its outcome. */
export async function jobOutcome(
  t: TestApp,
  res: { status: number; body: { id: number } },
): Promise<FinishedJob> {
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return waitFor(
    async () => {
      const j = (await t.get(`/jobs/${res.body.id}`)).body as FinishedJob;
      return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
    },
    60_000,
    `job ${res.body.id}`,
  );
}

export const sync = (g: GscSite, body: Record<string, unknown> = {}) =>
  g.t.post('/analytics/gsc/sync', {
    site_id: g.siteId,
    property: g.property,
    date_from: g.plant.firstDate,
    date_to: '2026-03-29',
    ...body,
  });
