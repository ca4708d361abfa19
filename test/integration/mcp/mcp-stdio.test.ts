/**
 * `siteloupe mcp` as an MCP client runs it: the compiled bin over stdio, with the SDK's own client. With no server
 * on the data dir it runs the app itself (and says where in `server.json` while it does); with one running it
 * forwards to it over HTTP with the token.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { tempDirsRemovedAfter, waitFor } from '../../helpers/test-app.js';

const tempDir = tempDirsRemovedAfter();
before(() => ensureBuilt());

type Text = { type: string; text: string }[];
const textOf = (r: object) => (r as { content: Text }).content[0]!.text;

async function mcpClient(dataDir: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, 'mcp', '--data-dir', dataDir],
    env: { ...(process.env as Record<string, string>), SITELOUPE_LOG_LEVEL: 'warn' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const client = new Client({ name: 'siteloupe-test', version: '0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('siteloupe mcp (stdio)', () => {
  it('runs the app itself when no server is running, and removes server.json when the client leaves', async () => {
    const dataDir = tempDir();
    const { client, stderr } = await mcpClient(dataDir);
    try {
      assert.match(stderr(), /started Siteloupe on/);
      const info = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as {
        url: string;
        pid: number;
      };
      assert.equal(statSync(join(dataDir, 'server.json')).mode & 0o777, 0o600);
      assert.notEqual(info.pid, process.pid);

      const { tools } = await client.listTools();
      assert.ok(tools.some((x) => x.name === 'pages_list'));
      assert.ok(!tools.some((x) => x.name === 'proxy_call' || x.name === 'jobs_events'));

      const created = await client.callTool({
        name: 'sites_create',
        arguments: { start_url: 'https://example.com/' },
      });
      assert.equal(created.isError, undefined, textOf(created));
      const id = (created.structuredContent as { id: number }).id;
      const listed = await client.callTool({ name: 'sites_list', arguments: {} });
      assert.deepEqual(
        (listed.structuredContent as { items: { id: number }[] }).items.map((s) => s.id),
        [id],
      );
      const missing = await client.callTool({ name: 'sites_get', arguments: { site_id: id + 1000 } });
      assert.equal(missing.isError, true);
      assert.match(textOf(missing), /^Not found \(404\): /);
    } finally {
      await client.close();
    }
    await waitFor(
      () => (existsSync(join(dataDir, 'server.json')) ? undefined : true),
      10_000,
      'server.json removed',
    );
  });

  it('forwards to the server running on the data dir, over HTTP with its token', async () => {
    const dataDir = tempDir();
    const server = spawnChild([CLI_BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open']);
    const [, url, token] = (await server.waitFor(/Open: (http:\/\/127\.0\.0\.1:\d+\/)\?token=([\w-]+)/)) as [
      string,
      string,
      string,
    ];
    assert.equal(
      (JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { url: string }).url,
      url,
    );
    const { client, stderr } = await mcpClient(dataDir);
    try {
      assert.match(stderr(), new RegExp(`using the Siteloupe server at ${url}`));
      const created = await client.callTool({
        name: 'sites_create',
        arguments: { start_url: 'https://example.com/' },
      });
      const id = (created.structuredContent as { id: number }).id;
      const direct = await fetch(`${url}sites/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(direct.status, 200);
      const got = await client.callTool({ name: 'sites_get', arguments: { site_id: id } });
      assert.deepEqual(got.structuredContent, await direct.json());
      // The overview tools, resources and prompts reach the same server the same way.
      const overview = await client.callTool({ name: 'site_overview', arguments: { site_id: id } });
      assert.deepEqual((overview.structuredContent as { site: unknown }).site, got.structuredContent);
      const { resources } = await client.listResources();
      assert.equal(resources[0]!.uri, `siteloupe://sites/${id}/report.html`);
      const { prompts } = await client.listPrompts();
      assert.equal(prompts.length, 2);
    } finally {
      await client.close();
    }
    server.proc.kill('SIGTERM');
    assert.equal((await server.exited).code, 0);
    assert.equal(
      existsSync(join(dataDir, 'server.json')),
      false,
      'the server removes server.json when it stops',
    );
  });
});
