/**
 * Messages name a site by the name the UI shows, not its row id (#37: "Site 1 already has …" on a site called
 * "PostgreSQL manual"); the id is added only when another site has the same name.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const RULE = { name: 'price', kind: 'css', selector: '.price', take: 'text', all: false } as const;

describe('problem details name the site', () => {
  it('by its name', async () => {
    const site = await t.call('sites.create', {
      start_url: 'http://127.0.0.1:9/shop/',
      name: 'Northwind Tools',
    });
    await t.call('extraction.create', { site_id: site.id, ...RULE });
    const taken = assertProblem(
      await t.send('extraction.create', { site_id: site.id, ...RULE, name: 'PRICE' }),
      409,
      'conflict',
    );
    assert.equal(taken.detail, '“Northwind Tools” already has a rule named "price" (names ignore case).');
    const missing = assertProblem(
      await t.send('extraction.get', { site_id: site.id, extractor_id: 999 }),
      404,
      'not-found',
    );
    assert.equal(missing.detail, '“Northwind Tools” has no extraction rule 999.');
    assert.doesNotMatch(`${taken.detail} ${missing.detail}`, /site \d/i);
  });

  it('with its id when another site has the same name', async () => {
    const twin = await t.call('sites.create', {
      start_url: 'http://127.0.0.1:9/shop-staging/',
      name: 'Northwind Tools',
    });
    const missing = assertProblem(
      await t.send('extraction.get', { site_id: twin.id, extractor_id: 999 }),
      404,
      'not-found',
    );
    assert.equal(missing.detail, `“Northwind Tools” (site ${twin.id}) has no extraction rule 999.`);
  });
});
