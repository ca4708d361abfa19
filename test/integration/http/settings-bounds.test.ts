/**
 * `PATCH /settings` takes only values that mean something: `chromium_path` is run as a program, so only an
 * absolute path to an existing executable regular file (null clears it); every numeric setting is bounded by its
 * unit (an audit threshold of 1e308 characters, or a similarity of 1.5, turned its check off in silence).
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { z } from 'zod';
import { AUDIT_THRESHOLDS } from '../../../server/schemas/audit-checks.js';
import { CrawlSettingsShape } from '../../../server/schemas/sites.js';
import { AppSettingsShape } from '../../../server/schemas/system.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const patch = (body: object) => t.patch('/settings', body);

describe('chromium_path', () => {
  it('refuses what is not an absolute path to an existing executable regular file, naming body.chromium_path', async () => {
    const dir = join(t.dir, 'bin');
    mkdirSync(dir);
    const plain = join(dir, 'not-executable');
    writeFileSync(plain, 'text');
    chmodSync(plain, 0o644);
    for (const [value, reason] of [
      ['rm', /absolute/],
      ['chromium', /absolute/],
      ['./chromium', /absolute/],
      [join(dir, 'missing'), /no such file/],
      [dir, /not a regular file/],
      [plain, /not executable/],
    ] as const) {
      const problem = assertProblem(await patch({ chromium_path: value }), 400, 'validation');
      const field = problem.errors.find((e) => e.path === 'body.chromium_path');
      assert.ok(field, `${value}: ${JSON.stringify(problem)}`);
      assert.match(field.message, reason, value);
    }
    assert.equal((await t.call('system.getSettings')).chromium_path, null, 'nothing refused was stored');
  });

  it('takes an executable file by its absolute path, and null clears it', async () => {
    const exe = join(t.dir, 'chromium-here');
    writeFileSync(exe, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    assert.equal((await t.call('system.updateSettings', { chromium_path: exe })).chromium_path, exe);
    assert.equal((await t.call('system.health')).chromium.path, exe);
    assert.equal((await t.call('system.updateSettings', { chromium_path: null })).chromium_path, null);
  });
});

describe('numeric settings', () => {
  it('bound every audit threshold by its meaning: ratios to 0..1, counts to whole numbers with a realistic maximum', async () => {
    for (const [key, value] of [
      ['audit_title_max_chars', 1e308],
      ['audit_slow_ms', 1e308],
      ['audit_large_page_bytes', 1e308],
      ['audit_max_depth', 1e6],
      ['audit_thin_words', 200.5],
      ['audit_near_duplicate', 1.5],
      ['audit_outlier_similarity', 1.5],
      ['audit_near_duplicate', -0.1],
      ['audit_max_outlinks', -1],
    ] as const) {
      const problem = assertProblem(await patch({ [key]: value }), 400, 'validation');
      assert.ok(
        problem.errors.some((e) => e.path === `body.${key}`),
        `${key}=${value}: ${JSON.stringify(problem)}`,
      );
    }
    // The defaults and the realistic ends are taken.
    assert.equal((await patch(AUDIT_THRESHOLDS)).status, 200);
    const ends = {
      audit_near_duplicate: 1,
      audit_outlier_similarity: 0,
      audit_slow_ms: 300_000,
      audit_max_depth: 1000,
    };
    assert.equal((await patch(ends)).status, 200);
  });

  it('leave no number of the app or site settings unbounded', () => {
    const numeric: string[] = [];
    for (const [key, schema] of [
      ...Object.entries(AppSettingsShape),
      ...Object.entries(CrawlSettingsShape),
    ]) {
      const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
      if (!/"type":"(number|integer)"/.test(json)) continue;
      numeric.push(key);
      assert.ok(!schema.safeParse(1e308).success, `${key} takes 1e308`);
      assert.ok(!schema.safeParse(-1e308).success, `${key} takes -1e308`);
    }
    assert.ok(numeric.length > 25, numeric.join(', '));
  });
});

describe('audit_anchor_text_generic', () => {
  it('takes a list of anchor texts, trimmed, and refuses an empty one by its index', async () => {
    const updated = await t.call('system.updateSettings', {
      audit_anchor_text_generic: [' klicken Sie hier ', 'mehr'],
    });
    assert.deepEqual(updated.audit_anchor_text_generic, ['klicken Sie hier', 'mehr']);
    const problem = assertProblem(
      await patch({ audit_anchor_text_generic: ['here', '  '] }),
      400,
      'validation',
    );
    assert.ok(
      problem.errors.some((e) => e.path === 'body.audit_anchor_text_generic.1'),
      JSON.stringify(problem),
    );
  });
});
