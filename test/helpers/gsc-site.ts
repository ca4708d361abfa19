/**
 * The setting most Search Console tests start from: the fixture site crawled into a real app, a fake Search
 * Console serving planted rows for it (its URL-prefix property), the app pointed at the fake through its
 * settings, and a service-account key stored through the API. Log lines are collected so tests can check no
 * secret reaches them.
 */
import assert from 'node:assert/strict';
import type { CallArgs } from '../../server/contract/index.js';
import { createLogger } from '../../server/logger.js';
import type { Job } from '../../server/schemas/jobs.js';
import { startFakeSearchConsole, type FakeSearchConsole } from '../fixtures/gsc/fake-search-console.js';
import { makeOAuthToken, makeServiceAccount } from '../fixtures/gsc/gsc-credentials.js';
import { plantGsc, type Plant } from '../fixtures/gsc/gsc-plant.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';
import { crawlFixture, finishedJob } from './crawl-site.js';
import { createTestApp, type TestApp } from './test-app.js';

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
  await t.call('system.updateSettings', {
    gsc_api_root: fake.apiRoot,
    gsc_token_url: fake.tokenUrl,
    gsc_row_limit: opts.rowLimit ?? 50,
  });
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

type SyncArgs = CallArgs<'analytics.gscSync'>;
const syncArgs = (g: GscSite, args: Partial<SyncArgs>): SyncArgs => ({
  site_id: g.siteId,
  property: g.property,
  date_from: g.plant.firstDate,
  date_to: '2026-03-29',
  ...args,
});

/** Starts a sync of the planted property (the fields given replace the defaults) and returns its job. */
export const sync = (g: GscSite, args: Partial<SyncArgs> = {}) =>
  g.t.call('analytics.gscSync', syncArgs(g, args));

/** The request `sync` sends, answered raw, for tests that look at a refusal. */
export const sendSync = (g: GscSite, args: Partial<SyncArgs> = {}) =>
  g.t.send('analytics.gscSync', syncArgs(g, args));

/** Waits for a started job to finish, whatever its outcome. */
export const jobOutcome = <J extends Job>(t: TestApp, job: J) => finishedJob(t, job, 60_000);
