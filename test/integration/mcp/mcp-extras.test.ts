/**
 * What the MCP server offers beyond one tool per operation, over Streamable HTTP with the SDK's own client, on a
 * crawled, audited and embedded fixture site: `site_overview` and `page_report` agree with the API reads they
 * are made of; the report and exports are resources whose contents are the export API's; the prompts; a job
 * followed with progress notifications when the client sends a progress token; and a Search Console file
 * uploaded through a tool.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { crawlFixture, jobsSettled } from '../../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let client: Client;

type Text = { type: string; text: string }[];
const textOf = (r: object) => (r as { content: Text }).content[0]!.text;

before(async () => {
  t = await createTestApp({ followUps: true });
  site = await startFixtureSite();
  siteId = await crawlFixture(t, site);
  await jobsSettled(t, 300_000);
  client = new Client({ name: 'siteloupe-test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', t.baseUrl), {
      requestInit: { headers: { Authorization: `Bearer ${TEST_TOKEN}` } },
    }),
  );
});
after(async () => {
  await client?.close();
  await t.close();
  await site.close();
});

describe('MCP overview tools', () => {
  it('site_overview answers with the API’s summary, last crawl, top issues and notes what is missing', async () => {
    const result = await client.callTool({
      name: 'site_overview',
      arguments: { site_id: siteId, issues: 5 },
    });
    assert.equal(result.isError, undefined, textOf(result));
    const o = result.structuredContent as Record<string, unknown> & { notes: string[] };
    assert.deepEqual(o.site, (await t.get(`/sites/${siteId}`)).body);
    assert.deepEqual(o.summary, (await t.get(`/sites/${siteId}/summary`)).body);
    assert.deepEqual(o.last_crawl, (await t.get(`/sites/${siteId}/crawls?limit=1`)).body.items[0]);
    const issues = (await t.get(`/sites/${siteId}/issues?limit=5&include_muted=false`)).body.items;
    assert.ok(issues.length > 0, 'the fixture has issues');
    assert.deepEqual(o.top_issues, issues);
    // One crawl only: the changes part is named as missing, not an error.
    assert.equal(o.changes, null);
    assert.ok(
      o.notes.some((n) => /^changes \(needs two finished crawls\): /.test(n)),
      o.notes.join('\n'),
    );
    assert.match(
      textOf(result),
      new RegExp(`^Site ${siteId}: .*\\d+ pages\\.\\nLast crawl: job \\d+, succeeded`),
    );
  });

  it('page_report answers with the page, its issues, links both ways and similar pages', async () => {
    const { items } = (await t.get(`/pages?site_id=${siteId}&sort=-inlinks&limit=1`)).body;
    const pageId = items[0].id as number;
    const result = await client.callTool({ name: 'page_report', arguments: { page_id: pageId, links: 3 } });
    assert.equal(result.isError, undefined, textOf(result));
    const r = result.structuredContent as Record<string, unknown> & { notes: string[] };
    assert.deepEqual(r.page, (await t.get(`/pages/${pageId}`)).body);
    assert.deepEqual(r.issues, (await t.get(`/pages/${pageId}/issues`)).body.items);
    assert.deepEqual(r.links_in, (await t.get(`/pages/${pageId}/links?direction=in&limit=3`)).body);
    assert.deepEqual(r.links_out, (await t.get(`/pages/${pageId}/links?direction=out&limit=3`)).body);
    assert.deepEqual(r.similar, (await t.get(`/pages/${pageId}/similar?k=5`)).body.items);
    assert.ok((r.similar as unknown[]).length > 0, 'the site is embedded');
    assert.ok(
      r.notes.some((n) => /Search Console/.test(n)),
      'no Search Console data yet, and it says so',
    );
  });

  it('answers a missing page or a bad argument as a tool error', async () => {
    const missing = await client.callTool({ name: 'page_report', arguments: { page_id: 999_999 } });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /^No report: .*999999/);
    const bad = await client.callTool({ name: 'site_overview', arguments: { site_id: 'one' } });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /site_id must be a positive integer/);
  });
});

describe('MCP resources and prompts', () => {
  it('lists each site’s report first, then its exports', async () => {
    const { resources } = await client.listResources();
    const mine = resources.filter((r) => r.uri.startsWith(`siteloupe://sites/${siteId}/`));
    assert.equal(mine[0]!.uri, `siteloupe://sites/${siteId}/report.html`);
    for (const name of ['pages.csv', 'links.csv', 'issues.csv'])
      assert.ok(
        mine.some((r) => r.uri === `siteloupe://sites/${siteId}/exports/${name}`),
        name,
      );
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.ok(
      resourceTemplates.some((x) => x.uriTemplate === 'siteloupe://sites/{site_id}/exports/{name}.{format}'),
    );
  });

  it('reads a resource as the export API gives it: text as text, XLSX as a blob', async () => {
    const csv = await client.readResource({ uri: `siteloupe://sites/${siteId}/exports/pages.csv` });
    const direct = await t.get(`/export/pages.csv?site_id=${siteId}`).buffer(true);
    const content = csv.contents[0] as { text: string; mimeType: string };
    assert.equal(content.mimeType, 'text/csv');
    assert.equal(content.text, direct.text);
    const report = await client.readResource({ uri: `siteloupe://sites/${siteId}/report.html` });
    assert.match((report.contents[0] as { text: string }).text, /^<!doctype html>/i);
    const xlsx = await client.readResource({ uri: `siteloupe://sites/${siteId}/exports/pages.xlsx` });
    const blob = Buffer.from((xlsx.contents[0] as { blob: string }).blob, 'base64');
    assert.equal(blob.subarray(0, 2).toString('latin1'), 'PK');
  });

  it('refuses an unknown URI or a missing site with the reason', async () => {
    await assert.rejects(
      client.readResource({ uri: 'siteloupe://sites/1/exports/../x.csv' }),
      /Unknown resource/,
    );
    await assert.rejects(
      client.readResource({ uri: 'siteloupe://sites/999999/exports/pages.csv' }),
      /999999/,
    );
  });

  it('offers the two prompts and fills them in', async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), ['audit_site', 'plan_content_campaign']);
    const got = await client.getPrompt({ name: 'audit_site', arguments: { site: String(siteId) } });
    assert.match((got.messages[0]!.content as { text: string }).text, new RegExp(`^Audit site ${siteId} `));
    await assert.rejects(client.getPrompt({ name: 'audit_site', arguments: {} }), /needs site/);
  });

  it('completes a site argument from the sites the API lists', async () => {
    const startUrl = (await t.get(`/sites/${siteId}`)).body.start_url as string;
    const byUrl = await client.complete({
      ref: { type: 'ref/prompt', name: 'audit_site' },
      argument: { name: 'site', value: new URL(startUrl).host },
    });
    assert.ok(byUrl.completion.values.includes(startUrl), byUrl.completion.values.join());
    const byId = await client.complete({
      ref: { type: 'ref/resource', uri: 'siteloupe://sites/{site_id}/report.{format}' },
      argument: { name: 'site_id', value: String(siteId) },
    });
    assert.ok(byId.completion.values.includes(String(siteId)));
    const none = await client.complete({
      ref: { type: 'ref/prompt', name: 'audit_site' },
      argument: { name: 'site', value: 'no-such-site.example' },
    });
    assert.deepEqual(none.completion.values, []);
  });
});

describe('MCP jobs and uploads', () => {
  it('follows a job to its end with progress notifications when the client asks for progress', async () => {
    const updates: Progress[] = [];
    const result = await client.callTool({ name: 'crawl_start', arguments: { site_id: siteId } }, undefined, {
      onprogress: (p) => void updates.push(p),
      timeout: 120_000,
      resetTimeoutOnProgress: true,
    });
    assert.equal(result.isError, undefined, textOf(result));
    const job = result.structuredContent as { id: number; status: string };
    assert.equal(job.status, 'succeeded');
    assert.match(textOf(result), new RegExp(`^Job ${job.id} \\(crawl\\) succeeded\\.`));
    assert.ok(updates.length >= 2, `progress notifications: ${updates.length}`);
    const values = updates.map((u) => u.progress);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => a - b),
    );
    assert.match(updates.at(-1)!.message ?? '', new RegExp(`crawl ${job.id} succeeded`));
    await jobsSettled(t, 300_000);
  });

  it('imports a Search Console CSV given as file_text', async () => {
    const { items } = (await t.get(`/pages?site_id=${siteId}&limit=2`)).body;
    const csv = [
      'Top pages,Clicks,Impressions,CTR,Position',
      ...items.map((p: { url: string }) => `${p.url},12,340,3.5%,4.2`),
    ].join('\n');
    const result = await client.callTool({
      name: 'analytics_gscImport',
      arguments: { site_id: siteId, filename: 'Pages.csv', file_text: csv },
    });
    assert.equal(result.isError, undefined, textOf(result));
    await jobsSettled(t);
    const job = (await t.get(`/jobs/${(result.structuredContent as { id: number }).id}`)).body;
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const rows = (await t.get(`/analytics/gsc?site_id=${siteId}&group_by=page`)).body.items;
    assert.equal(rows.length, 2);
    assert.ok(rows.every((r: { clicks: number }) => r.clicks === 12));
  });
});
