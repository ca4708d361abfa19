/**
 * `/openapi.json` is generated from the route definitions: it must be a valid OpenAPI 3.1 document (checked by
 * an independent validator), describe exactly the routes Express serves, and match the committed snapshot.
 * Run with UPDATE_SNAPSHOTS=1 to accept an intended change of the API.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Express } from 'express';
import { TAGS } from '../../../server/contract/operation.js';
import { VERSION } from '../../../server/version.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

const SNAPSHOT = join(import.meta.dirname, '__snapshots__', 'openapi.json');

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method+path Express has a route for, found by walking the router stacks. */
function expressRoutes(app: Express): Set<string> {
  const out = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [m, on] of Object.entries(layer.route.methods))
          if (on && m !== '_all') out.add(`${m} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

type Doc = {
  openapi: string;
  info: { version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, { operationId: string; tags: string[]; 'x-stability': string }>>;
};

let t: TestApp;
let doc: Doc;
before(async () => {
  t = await createTestApp();
  const res = await t.http.get('/openapi.json');
  assert.equal(res.status, 200);
  doc = res.body as Doc;
});
after(() => t.close());

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.match(doc.openapi, /^3\.1\./);
    assert.equal(doc.info.version, VERSION);
    // The validator is not a rubber stamp: the same document with a response lacking its description fails.
    const broken = structuredClone(doc) as unknown as {
      paths: Record<string, { get?: { responses: Record<string, object> } }>;
    };
    broken.paths['/health']!.get!.responses['200'] = { content: {} };
    assert.equal((await new Validator().validate(broken)).valid, false);
  });

  it('describes exactly the routes Express serves (and no others)', () => {
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) documented.add(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const served = expressRoutes(t.app);
    served.delete('get /'); // the UI landing page is not part of the API
    assert.deepEqual([...served].sort(), [...documented].sort());
  });

  it('gives every operation a unique <tag>.<verb> id, a known tag and x-stability', () => {
    const ids = new Set<string>();
    const tagNames = doc.tags.map((x) => x.name);
    assert.deepEqual([...tagNames], [...TAGS]);
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        assert.ok(!ids.has(op.operationId), op.operationId);
        ids.add(op.operationId);
        assert.equal(op.tags.length, 1);
        assert.ok(tagNames.includes(op.tags[0]!), op.tags[0]);
        assert.ok(op.operationId.startsWith(`${op.tags[0]}.`), op.operationId);
        assert.ok(['stable', 'internal', 'beta'].includes(op['x-stability']), op.operationId);
      }
    }
  });

  it('matches the committed snapshot', () => {
    const current = `${JSON.stringify({ ...doc, info: { ...doc.info, version: '<version>' } }, null, 2)}\n`;
    if (process.env.UPDATE_SNAPSHOTS === '1') writeFileSync(SNAPSHOT, current);
    assert.equal(
      current,
      readFileSync(SNAPSHOT, 'utf8'),
      'API changed: review and rerun with UPDATE_SNAPSHOTS=1',
    );
  });
});
