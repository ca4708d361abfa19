/**
 * The accessibility catalogue is axe-core's own (#36 §2): the checked-in rule table (schemas/audit-a11y-rules.ts)
 * is what scripts/a11y-rules.ts reads from the installed axe-core, so upgrading axe-core without regenerating it
 * fails here, not in an analyst's audit. And the catalogue built on it holds to the terms.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { a11yRuleRows } from '../../../scripts/a11y-rules.js';
import { A11Y_RULES, AXE_VERSION } from '../../../server/schemas/audit-a11y-rules.js';
import { A11Y_CHECKS } from '../../../server/schemas/audit-checks-a11y.js';
import { axeRules } from '../../../server/adapters/render-probe-axe.js';

const require = createRequire(import.meta.url);
const axe = require('axe-core') as Parameters<typeof a11yRuleRows>[0];

describe('the accessibility rule table', () => {
  it('is the installed axe-core’s WCAG A/AA and best-practice rules (run `npx tsx scripts/a11y-rules.ts`)', () => {
    assert.equal(AXE_VERSION, axe.version);
    const expected = Object.fromEntries(a11yRuleRows(axe).map(({ id, ...rest }) => [id, rest]));
    assert.deepEqual(JSON.parse(JSON.stringify(A11Y_RULES)), expected);
  });

  it('makes at least 40 checks, a11y_<rule> with - as _, in the accessibility category', () => {
    const ids = Object.keys(A11Y_CHECKS);
    assert.ok(ids.length >= 40, `${ids.length} checks`);
    for (const [id, rule] of Object.entries(A11Y_RULES)) {
      assert.equal(id, `a11y_${rule.rule.replaceAll('-', '_')}`);
      assert.equal(A11Y_CHECKS[id as keyof typeof A11Y_CHECKS].category, 'accessibility');
    }
    for (const id of ['a11y_color_contrast', 'a11y_label', 'a11y_button_name', 'a11y_image_alt'])
      assert.ok(ids.includes(id), id);
  });

  it('takes severity from axe’s impact, and lists review-only failures as warnings', () => {
    assert.equal(A11Y_CHECKS.a11y_image_alt.severity, 'issue'); // critical
    assert.equal(A11Y_CHECKS.a11y_color_contrast.severity, 'issue'); // serious
    assert.equal(A11Y_CHECKS.a11y_heading_order.severity, 'warning'); // moderate
    assert.equal(A11Y_CHECKS.a11y_aria_allowed_role.severity, 'notice'); // minor
    assert.equal(A11Y_CHECKS.a11y_duplicate_id_aria.severity, 'warning'); // critical, but axe is not sure
    assert.match(A11Y_CHECKS.a11y_color_contrast.description, /level AA, success criterion 1\.4\.3\./);
    assert.match(A11Y_CHECKS.a11y_heading_order.description, /best practice, not a WCAG requirement/);
  });

  it('runs best practices only when asked', () => {
    const wcag = axeRules(false);
    const all = axeRules(true);
    assert.ok(wcag.includes('color-contrast') && !wcag.includes('heading-order'));
    assert.ok(all.includes('heading-order'));
    assert.equal(all.length, Object.keys(A11Y_RULES).length);
    // Experimental, deprecated and axe's own frame coverage are left out.
    for (const rule of ['css-orientation-lock', 'duplicate-id', 'frame-tested'])
      assert.ok(!all.includes(rule), rule);
  });
});
