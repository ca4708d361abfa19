/**
 * Tools made from the API's own OpenAPI document: one per operation less the excluded ones, each with a JSON
 * Schema input that compiles, named and annotated from the operation; and arguments turned into requests,
 * answers into tool results (problems as tool errors, oversized pages asked for again with a smaller limit).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { allRoutes } from '../../../server/app.js';
import type { Services } from '../../../server/domain/services.js';
import { buildOpenApi } from '../../../server/http/openapi.js';
import {
  DEFAULT_LIMIT,
  MAX_RESULT_CHARS,
  openApiTools,
  type OpenApiDoc,
  type ToolSpec,
} from '../../../server/mcp/openapi-tools.js';
import { buildCall, callTool, type ApiAnswer, type ApiCall } from '../../../server/mcp/tool-call.js';
import { VERSION } from '../../../server/version.js';

// Route definitions only reach the services from their handlers, which these tests never call.
const routes = allRoutes({} as Services, () => ({}));
const doc = buildOpenApi(routes, VERSION) as unknown as OpenApiDoc;
const tools = openApiTools(doc);
const tool = (name: string) => {
  const found = tools.find((t) => t.name === name);
  assert.ok(found, `no tool ${name}`);
  return found;
};

const json = (status: number, body: unknown, contentType = 'application/json'): ApiAnswer => ({
  status,
  contentType,
  body: Buffer.from(JSON.stringify(body)),
});

describe('tools from /openapi.json', () => {
  it('makes one tool per operation except the proxy, the event stream and the document itself', () => {
    const expected = routes
      .filter((r) => !['proxy.call', 'jobs.events', 'system.openapi'].includes(r.operationId))
      .map((r) => r.operationId.replace(/\./g, '_'));
    assert.deepEqual(tools.map((t) => t.name).sort(), expected.sort());
    for (const name of ['proxy_call', 'jobs_events', 'system_openapi'])
      assert.equal(
        tools.some((t) => t.name === name),
        false,
      );
    assert.equal(new Set(tools.map((t) => t.name)).size, tools.length);
  });

  it('gives every tool an object input schema that compiles, and an output schema that compiles', () => {
    const ajv = new Ajv({ strict: false });
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.doesNotThrow(() => ajv.compile(t.inputSchema), t.name);
      if (t.outputSchema) assert.doesNotThrow(() => ajv.compile(t.outputSchema!), t.name);
      assert.match(t.name, /^[a-z-]+_[a-zA-Z]+$/);
      assert.ok(t.description.length > 0, t.name);
    }
  });

  it('merges path, query and body into one input, and defaults limit to a small page', () => {
    const pages = tool('pages_list');
    const props = pages.inputSchema.properties as Record<string, { default?: number }>;
    assert.equal(props.limit!.default, DEFAULT_LIMIT);
    assert.ok('site_id' in props && 'cursor' in props);
    const update = tool('sites_update');
    assert.deepEqual(update.pathParams, ['site_id']);
    assert.ok(Object.keys(update.bodyFields).length > 0);
    assert.ok((update.inputSchema.required as string[]).includes('site_id'));
    assert.ok(tool('crawl_start').startsJob);
    assert.match(tool('crawl_start').description, /jobs_get/);
    assert.ok(tool('export_download').download);
    assert.equal(tool('export_download').outputSchema, undefined);
  });

  it('names a body field that collides with a parameter body_<name>', () => {
    const spec: OpenApiDoc = {
      paths: {
        '/things/{id}': {
          patch: {
            operationId: 'things.update',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { id: { type: 'string' }, name: { type: 'string' } },
                    required: ['id'],
                  },
                },
              },
            },
            responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
          },
        },
      },
    };
    const [t] = openApiTools(spec);
    assert.deepEqual(t!.bodyFields, { body_id: 'id', name: 'name' });
    assert.deepEqual(t!.inputSchema.required, ['id', 'body_id']);
    assert.deepEqual(buildCall(t!, { id: 7, body_id: 'x', name: 'n' }), {
      method: 'PATCH',
      path: '/things/7',
      body: { id: 'x', name: 'n' },
    });
  });

  it('annotates reads as read-only, internal writes as neither read-only nor idempotent, deletes as destructive', () => {
    assert.equal(tool('sites_list').annotations.readOnlyHint, true);
    assert.equal(tool('campaigns_list').annotations.readOnlyHint, true);
    const start = tool('crawl_start').annotations;
    assert.equal(start.readOnlyHint, false);
    assert.equal(start.idempotentHint, false);
    assert.equal(start.destructiveHint, false);
    const del = tool('sites_delete').annotations;
    assert.equal(del.destructiveHint, true);
    assert.equal(del.readOnlyHint, false);
    assert.equal(del.idempotentHint, false, 'sites.delete is internal');
    assert.equal(tool('campaigns_delete').annotations.idempotentHint, true, 'a beta DELETE is idempotent');
  });

  it('hints system_updateSettings destructive: it can let crawls reach link-local and metadata addresses', () => {
    assert.equal(tool('system_updateSettings').annotations.destructiveHint, true);
    assert.equal(tool('system_updateSettings').annotations.readOnlyHint, false);
    // Only the operations the contract marks are, besides DELETEs.
    const marked = tools
      .filter((t) => t.method !== 'DELETE' && t.annotations.destructiveHint)
      .map((t) => t.name);
    assert.deepEqual(marked, ['system_updateSettings']);
  });
});

describe('tool calls', () => {
  const sitesList = () => tool('sites_list');

  it('builds the request: path parameters encoded, limit defaulted, arrays repeated, unknown arguments refused', () => {
    assert.deepEqual(buildCall(sitesList(), {}), { method: 'GET', path: `/sites?limit=${DEFAULT_LIMIT}` });
    assert.deepEqual(buildCall(tool('sites_get'), { site_id: 3 }), { method: 'GET', path: '/sites/3' });
    assert.throws(() => buildCall(sitesList(), { nope: 1 }), /Unknown argument nope/);
  });

  it('turns a problem into a tool error with its title, detail and field errors', async () => {
    const result = await callTool(tool('sites_get'), { site_id: 99 }, async () =>
      json(
        404,
        {
          type: 'urn:siteloupe:problem:not-found',
          title: 'Not found',
          status: 404,
          detail: 'No site 99.',
          instance: '/sites/99',
          errors: [{ path: 'path.site_id', message: 'no such site' }],
        },
        'application/problem+json',
      ),
    );
    assert.equal(result.isError, true);
    assert.match(result.content[0]!.text, /^Not found \(404\): No site 99\.\n- path\.site_id: no such site/);
  });

  it('asks again with a smaller limit when a page is too big, keeping the API’s own next cursor', async () => {
    const calls: ApiCall[] = [];
    const big = 'x'.repeat(1000);
    const result = await callTool(sitesList(), {}, async (call) => {
      calls.push(call);
      const limit = Number(new URL(call.path, 'http://x').searchParams.get('limit'));
      const items = Array.from({ length: limit }, (_, i) => ({ id: i, text: big.repeat(5) }));
      return json(200, { items, next_cursor: `after-${limit}` });
    });
    assert.equal(calls.length, 2);
    const items = (result.structuredContent as { items: unknown[] }).items;
    assert.ok(items.length < DEFAULT_LIMIT && items.length >= 1);
    assert.ok(JSON.stringify(result.structuredContent).length <= MAX_RESULT_CHARS);
    assert.match(
      result.content[0]!.text,
      new RegExp(`cut from ${DEFAULT_LIMIT}.*pass cursor "after-${items.length}"`),
    );
  });

  it('describes a binary download instead of returning it', async () => {
    const result = await callTool(
      tool('export_download'),
      { name: 'report', format: 'pdf', site_id: 1 },
      async () => ({
        status: 200,
        contentType: 'application/pdf',
        body: Buffer.alloc(1234),
      }),
    );
    assert.match(result.content[0]!.text, /application\/pdf, 1,234 bytes\. Binary files are not returned/);
    assert.equal(result.isError, undefined);
  });

  it('tells a started job how to follow it', async () => {
    const start = tool('crawl_start') as ToolSpec;
    const result = await callTool(start, { site_id: 1 }, async () =>
      json(202, { id: 5, kind: 'crawl', status: 'queued' }),
    );
    assert.match(
      result.content[0]!.text,
      /^Job 5 \(crawl\) is queued; follow it with jobs_get \{"job_id": 5\}/,
    );
  });

  it('takes an upload as file_text or file_base64 and sends it with its media type', () => {
    const upload = tool('analytics_gscImport');
    assert.ok(upload.upload?.includes('text/csv') && upload.upload.includes('application/zip'));
    const props = upload.inputSchema.properties as Record<string, unknown>;
    assert.ok('file_text' in props && 'file_base64' in props && 'content_type' in props);
    const csv = buildCall(upload, { site_id: 3, file_text: 'Top pages,Clicks\n/a,1\n' });
    assert.equal(csv.path, '/analytics/gsc/import?site_id=3');
    assert.equal(csv.file!.contentType, 'text/csv');
    assert.equal(csv.file!.bytes.toString('utf8'), 'Top pages,Clicks\n/a,1\n');
    assert.equal(csv.body, undefined);
    const zip = buildCall(upload, {
      site_id: 3,
      file_base64: Buffer.from('PK\x03\x04').toString('base64'),
      content_type: 'application/zip',
    });
    assert.equal(zip.file!.contentType, 'application/zip');
    assert.deepEqual([...zip.file!.bytes.subarray(0, 2)], [0x50, 0x4b]);
    assert.throws(() => buildCall(upload, { site_id: 3 }), /file_text or in file_base64/);
    assert.throws(
      () => buildCall(upload, { site_id: 3, file_text: 'a', file_base64: 'YQ==' }),
      /one of them/,
    );
    assert.throws(() => buildCall(upload, { site_id: 3, file_base64: 'not base64!' }), /must be base64/);
    assert.throws(
      () => buildCall(upload, { site_id: 3, file_text: 'a', content_type: 'image/png' }),
      /content_type must be one of/,
    );
  });
});
