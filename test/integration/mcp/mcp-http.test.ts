/**
 * MCP over Streamable HTTP at `POST /mcp`, with the SDK's own client: the token is required, every tool is listed
 * with a schema that compiles, and calls on a crawled fixture site agree with the API's direct answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv } from 'ajv';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let client: Client;

const connect = async (headers: Record<string, string>) => {
  const c = new Client({ name: 'siteloupe-test', version: '0' });
  await c.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', t.baseUrl), { requestInit: { headers } }),
  );
  return c;
};

type Text = { type: string; text: string }[];
const textOf = (r: object) => (r as { content: Text }).content[0]!.text;

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite();
  siteId = await crawlFixture(t, site);
  client = await connect({ Authorization: `Bearer ${TEST_TOKEN}` });
});
after(async () => {
  await client?.close();
  await t.close();
  await site.close();
});

describe('MCP over HTTP (POST /mcp)', () => {
  it('needs the API token, as every API route does', async () => {
    await assert.rejects(connect({}), /401|Unauthorized|token/i);
    const res = await t.http.post('/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(res.status, 401);
    assert.match(res.headers['content-type']!, /^application\/problem\+json/);
  });

  it('refuses foreign Hosts and Origins before anything else', async () => {
    const origin = await t.post('/mcp', {}).set('Origin', 'http://evil.example');
    assert.equal(origin.status, 403);
    const site = await t.post('/mcp', {}).set('Sec-Fetch-Site', 'cross-site');
    assert.equal(site.status, 403);
  });

  it('answers GET and DELETE with 405 (stateless: POST only)', async () => {
    const res = await t.get('/mcp');
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'POST');
  });

  it('lists every tool with a valid input schema and the contract’s annotations, without the proxy or events', async () => {
    const { tools } = await client.listTools();
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.doesNotThrow(() => ajv.compile(tool.inputSchema), tool.name);
    }
    const names = tools.map((x) => x.name);
    for (const name of ['sites_list', 'sites_get', 'pages_list', 'crawl_start', 'jobs_get', 'ideas_check'])
      assert.ok(names.includes(name), name);
    for (const name of ['proxy_call', 'jobs_events']) assert.ok(!names.includes(name), name);
    const byName = new Map(tools.map((x) => [x.name, x]));
    assert.equal(byName.get('sites_list')!.annotations!.readOnlyHint, true);
    assert.equal(byName.get('crawl_start')!.annotations!.readOnlyHint, false);
    assert.equal(byName.get('crawl_start')!.annotations!.idempotentHint, false);
    assert.equal(byName.get('sites_delete')!.annotations!.destructiveHint, true);
  });

  it('sites_list and sites_get agree with the API', async () => {
    const direct = await t.get('/sites?limit=20');
    const listed = await client.callTool({ name: 'sites_list', arguments: {} });
    assert.equal(listed.isError, undefined);
    assert.deepEqual(listed.structuredContent, direct.body);
    const one = await client.callTool({ name: 'sites_get', arguments: { site_id: siteId } });
    assert.deepEqual(one.structuredContent, (await t.get(`/sites/${siteId}`)).body);
    assert.match(textOf(one), /^HTTP 200\.\n\{/);
  });

  it('pages_list pages 20 at a time and names the next cursor', async () => {
    const direct = await t.get(`/pages?site_id=${siteId}&limit=20`);
    assert.ok(direct.body.next_cursor, 'the fixture site has more than 20 pages');
    const first = await client.callTool({ name: 'pages_list', arguments: { site_id: siteId } });
    assert.deepEqual(first.structuredContent, direct.body);
    assert.match(textOf(first), new RegExp(`^20 items; more: pass cursor "${direct.body.next_cursor}"`));
    const second = await client.callTool({
      name: 'pages_list',
      arguments: { site_id: siteId, cursor: direct.body.next_cursor },
    });
    const next = await t.get(`/pages?site_id=${siteId}&limit=20&cursor=${direct.body.next_cursor}`);
    assert.deepEqual(second.structuredContent, next.body);
  });

  it('answers a problem as a tool error with its detail', async () => {
    const direct = await t.get('/sites/999999');
    assert.equal(direct.status, 404);
    const result = await client.callTool({ name: 'sites_get', arguments: { site_id: 999999 } });
    assert.equal(result.isError, true);
    assert.ok(textOf(result).includes(direct.body.detail), textOf(result));
    const invalid = await client.callTool({ name: 'pages_list', arguments: { site_id: siteId, limit: 0 } });
    assert.equal(invalid.isError, true);
    assert.match(textOf(invalid), /^Invalid request \(400\).*\n- query\.limit: /s);
  });

  it('reaches internal routes (agents start crawls) and returns the job at once', async () => {
    const result = await client.callTool({ name: 'crawl_start', arguments: { site_id: siteId } });
    assert.equal(result.isError, undefined, textOf(result));
    const job = result.structuredContent as { id: number };
    assert.match(textOf(result), new RegExp(`^Job ${job.id} .*jobs_get \\{"job_id": ${job.id}\\}`));
    const got = await client.callTool({ name: 'jobs_get', arguments: { job_id: job.id } });
    assert.equal((got.structuredContent as { id: number }).id, job.id);
    await client.callTool({ name: 'jobs_cancel', arguments: { job_id: job.id } });
  });
});
