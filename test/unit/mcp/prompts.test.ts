/**
 * The two prompts: their arguments are checked, and every tool a prompt tells an agent to call is one the server
 * offers (a renamed operation must not leave a prompt pointing at nothing).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRoutes } from '../../../server/app.js';
import type { Services } from '../../../server/domain/services.js';
import { buildOpenApi } from '../../../server/http/openapi.js';
import { openApiTools, type OpenApiDoc } from '../../../server/mcp/openapi-tools.js';
import { OVERVIEW_TOOLS } from '../../../server/mcp/overview-tools.js';
import { getPrompt, PROMPTS } from '../../../server/mcp/prompts.js';
import { VERSION } from '../../../server/version.js';

const routes = allRoutes({} as Services, () => ({}));
const toolNames = new Set([
  ...openApiTools(buildOpenApi(routes, VERSION) as unknown as OpenApiDoc).map((t) => t.name),
  ...OVERVIEW_TOOLS.map((t) => t.name),
]);

const textOf = (p: ReturnType<typeof getPrompt>) => p.messages[0]!.content.text;

describe('MCP prompts', () => {
  it('name only tools the server offers', () => {
    for (const prompt of PROMPTS) {
      const args = Object.fromEntries(prompt.arguments.map((a) => [a.name, a.name === 'site' ? '3' : 'x']));
      const text = textOf(getPrompt(prompt.name, args));
      const named = text.match(/\b[a-z]+_[a-zA-Z]+\b/g) ?? [];
      const tools = named.filter(
        (n) =>
          ![
            'seed_topics',
            'site_id',
            'campaign_id',
            'persona_context',
            'job_id',
            'partially_covered',
          ].includes(n),
      );
      assert.ok(tools.length >= 5, `${prompt.name} chains tools`);
      for (const name of tools)
        assert.ok(toolNames.has(name), `${prompt.name} names ${name}, which is no tool`);
    }
  });

  it('audit_site takes a site id or a start URL, and a focus', () => {
    assert.match(textOf(getPrompt('audit_site', { site: '7' })), /^Audit site 7 /);
    const byUrl = textOf(getPrompt('audit_site', { site: 'https://example.com/', focus: 'indexability' }));
    assert.match(byUrl, /the site at https:\/\/example\.com\/ \(find it with sites_list/);
    assert.match(byUrl, /Pay most attention to: indexability\./);
  });

  it('plan_content_campaign lists each topic and the audience', () => {
    const text = textOf(
      getPrompt('plan_content_campaign', {
        site: '2',
        topics: 'backups, restoring a table\nreplication',
        audience: 'database administrators',
      }),
    );
    for (const topic of ['- backups', '- restoring a table', '- replication'])
      assert.ok(text.includes(topic), topic);
    assert.match(text, /The audience: database administrators\./);
    assert.doesNotMatch(text, /\n\n\n/);
  });

  it('refuses a missing, blank or unknown argument and an unknown prompt', () => {
    assert.throws(() => getPrompt('audit_site', {}), /audit_site needs site/);
    assert.throws(() => getPrompt('plan_content_campaign', { site: '1', topics: '  ' }), /needs topics/);
    assert.throws(() => getPrompt('audit_site', { site: '1', depth: '2' }), /Unknown argument depth/);
    assert.throws(() => getPrompt('write_poem', {}), /Unknown prompt write_poem; there are audit_site/);
  });
});
