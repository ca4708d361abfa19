/**
 * The audit catalogue: the ids analysts' scripts rely on exist, every check is complete (texts, evidence shape,
 * thresholds that are settings) and decided exactly once, where its entry says, and docs/audit.md's catalogue is
 * the code's (UPDATE_SNAPSHOTS=1 rewrites it).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as prettier from 'prettier';
import { catalogueMarkdown } from '../../../../server/domain/audit/catalogue-doc.js';
import { CODE_CHECKS } from '../../../../server/domain/audit/code-checks.js';
import {
  AUDIT_THRESHOLDS,
  CHECK_IDS,
  CHECKS,
  SQL_CHECK_IDS,
} from '../../../../server/schemas/audit-checks.js';
import { EVIDENCE } from '../../../../server/schemas/audit-terms.js';
import { APP_SETTINGS_DEFAULTS } from '../../../../server/schemas/system.js';
import { CHECK_SQL } from '../../../../server/store/views/audit-sql.js';
import { PROJECT_ROOT } from '../../../../server/version.js';

/** The ids and meanings the issue fixes (an analyst's scripts rely on them). */
const REQUIRED = [
  'not_found',
  'server_error',
  'broken_internal_link',
  'internal_redirect_link',
  'redirect_chain',
  'redirect_loop',
  'title_missing',
  'title_duplicate',
  'title_too_long',
  'title_too_short',
  'meta_description_missing',
  'meta_description_duplicate',
  'meta_description_too_long',
  'h1_missing',
  'h1_multiple',
  'canonical_target_not_ok',
  'canonicalised',
  'noindex',
  'sitemap_non_indexable',
  'orphan_in_sitemap',
  'hreflang_missing_return',
  'hreflang_invalid_code',
  'thin_content',
  'duplicate_content_exact',
  'near_duplicate',
  'nofollow_internal_link',
  'blocked_by_robots',
  'url_uppercase',
  'url_underscore',
];

const DOC = join(PROJECT_ROOT, 'docs', 'audit.md');
const START = '<!-- catalogue:start -->';
const END = '<!-- catalogue:end -->';

describe('audit catalogue', () => {
  it('has the required ids and at least 60 checks, each complete', () => {
    for (const id of REQUIRED) assert.ok(id in CHECKS, `${id} is in the catalogue`);
    assert.ok(CHECK_IDS.length >= 60, `${CHECK_IDS.length} checks`);
    for (const id of CHECK_IDS) {
      const c = CHECKS[id];
      assert.match(id, /^[a-z0-9]+(_[a-z0-9]+)*$/, `${id} is snake_case`);
      assert.ok(c.title.length > 0 && c.title.length <= 70, `${id}: a one-line title`);
      assert.ok(c.description.length >= 60, `${id}: says why it matters and how to fix it`);
      assert.ok(c.evidence in EVIDENCE, `${id}: evidence shape ${c.evidence}`);
      for (const t of c.thresholds ?? [])
        assert.equal(APP_SETTINGS_DEFAULTS[t], AUDIT_THRESHOLDS[t], `${id}: ${t}`);
    }
  });

  // The evaluator maps are typed by the entries, so this fails only if a cast gets past the compiler.
  it('decides every check once: by SQL or by code, as its entry says', () => {
    for (const id of CHECK_IDS) {
      const where = [id in CHECK_SQL && 'sql', id in CODE_CHECKS && 'code'].filter(Boolean);
      assert.deepEqual(where, [CHECKS[id].evaluator], id);
    }
    assert.equal(Object.keys(CHECK_SQL).length + Object.keys(CODE_CHECKS).length, CHECK_IDS.length);
  });

  // An issue reports its entry's thresholds as the settings the check used; code checks see no others (ContextOf).
  it('lets each SQL check read exactly the thresholds its entry names', () => {
    for (const id of SQL_CHECK_IDS) {
      const read = new Set([...CHECK_SQL[id].matchAll(/@(audit_\w+)/g)].map((m) => m[1]));
      assert.deepEqual([...read].sort(), [...(CHECKS[id].thresholds ?? [])].sort(), id);
    }
  });

  it('is what docs/audit.md shows', async () => {
    const doc = readFileSync(DOC, 'utf8');
    const config = (await prettier.resolveConfig(DOC)) ?? {};
    const [head, rest] = doc.split(START);
    const tail = rest!.split(END)[1]!;
    const generated = `${head}${START}\n\n${catalogueMarkdown()}\n${END}${tail}`;
    const expected = await prettier.format(generated, { ...config, filepath: DOC });
    if (process.env.UPDATE_SNAPSHOTS === '1') writeFileSync(DOC, expected);
    assert.equal(doc, expected, 'docs/audit.md is out of date: run this test with UPDATE_SNAPSHOTS=1');
  });
});
