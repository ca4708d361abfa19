/**
 * The health score counts fixes (docs/audit.md, "The health score"): in 0–100, the same whatever the order of the
 * issues, never raised by one more fix or one more check, a template fault one fix, and eleven new broken links on
 * a 1,170-page manual at least 2 points even where template faults are all the site has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { healthScore, halfWeightFixes, SCORE_WEIGHTS } from '../../../../server/domain/audit/health-score.js';
import { PRIORITIES, SEVERITIES } from '../../../../server/schemas/audit-terms.js';

type Row = Parameters<typeof healthScore>[0][number];
const row = (over: Partial<Row>): Row => ({
  severity: 'issue',
  priority: 'high',
  fixes: 0,
  muted: false,
  ...over,
});

const arbRow: fc.Arbitrary<Row> = fc.record({
  severity: fc.constantFrom(...SEVERITIES),
  priority: fc.constantFrom(...PRIORITIES),
  fixes: fc.nat({ max: 200_000 }),
  muted: fc.boolean(),
});
const arbSite = fc.record({ rows: fc.array(arbRow, { maxLength: 70 }), pages: fc.nat({ max: 200_000 }) });

/** The PostgreSQL manual's five template faults, one fix each (docs/audit.md, the worked example). */
const TEMPLATE_FAULTS: Row[] = [
  row({ severity: 'warning', priority: 'medium', fixes: 1 }), // meta_description_missing
  row({ severity: 'warning', priority: 'medium', fixes: 1 }), // h1_missing
  row({ severity: 'warning', priority: 'low', fixes: 1 }), // canonical_missing
  row({ severity: 'warning', priority: 'low', fixes: 1 }), // lang_missing
  row({ severity: 'notice', priority: 'low', fixes: 1 }), // title_too_short
];

describe('healthScore', () => {
  it('is 100 with nothing to fix, and stays within 0–100 whatever it is given', () => {
    assert.equal(healthScore([], 1000), 100);
    assert.equal(healthScore([row({ fixes: 0 })], 1000), 100);
    fc.assert(
      fc.property(arbSite, ({ rows, pages }) => {
        const s = healthScore(rows, pages);
        return Number.isInteger(s) && s >= 0 && s <= 100;
      }),
    );
  });

  it('does not depend on the order of the issues', () => {
    fc.assert(
      fc.property(arbSite, fc.nat(), ({ rows, pages }, seed) => {
        const shuffled = [...rows].sort(
          (a, b) => ((rows.indexOf(a) * 7919 + seed) % 97) - ((rows.indexOf(b) * 7919 + seed) % 97),
        );
        return healthScore(shuffled, pages) === healthScore(rows, pages);
      }),
    );
  });

  it('is never raised by one more fix of a check, or by one more check with fixes', () => {
    fc.assert(
      fc.property(arbSite, fc.nat(), fc.integer({ min: 1, max: 10_000 }), ({ rows, pages }, pick, more) => {
        const before = healthScore(rows, pages);
        if (rows.length > 0) {
          const i = pick % rows.length;
          const worse = rows.map((r, k) => (k === i ? { ...r, fixes: r.fixes + more } : r));
          if (healthScore(worse, pages) > before) return false;
        }
        return healthScore([...rows, row({ fixes: more })], pages) <= before;
      }),
    );
  });

  it('leaves out muted checks and notices', () => {
    assert.equal(healthScore([row({ fixes: 500, muted: true })], 1000), 100);
    assert.equal(healthScore([row({ fixes: 500, severity: 'notice', priority: 'low' })], 1000), 100);
  });

  it('costs a check half its weight at fixes of a tenth of the pages, and never more than its weight', () => {
    assert.equal(halfWeightFixes(1170), 117);
    assert.equal(halfWeightFixes(20), 10, 'no fewer than 10 on a small site');
    assert.equal(healthScore([row({ fixes: 117 })], 1170), 75);
    fc.assert(
      fc.property(arbRow, fc.nat({ max: 200_000 }), (r, pages) => {
        const w = SCORE_WEIGHTS[r.severity][r.priority];
        return healthScore([{ ...r, muted: false }], pages) >= Math.floor(100 * (1 - w));
      }),
    );
  });

  it('counts a template fault as one fix: five of them cost a 1,170-page manual about a point', () => {
    assert.equal(healthScore(TEMPLATE_FAULTS, 1170), 99);
    // The same faults counted per page, as the score did before fixes: a third of the score gone.
    const perPage = TEMPLATE_FAULTS.map((r) => ({ ...r, fixes: 1169 }));
    assert.ok(healthScore(perPage, 1170) <= 70);
  });

  it('drops at least 2 points for eleven new broken links on a 1,170-page manual, even at a low score', () => {
    const newLinks = [
      row({ severity: 'issue', priority: 'high', fixes: 11 }), // broken_internal_link, on eleven pages
      row({ severity: 'issue', priority: 'high', fixes: 1 }), // not_found, the URL they point to
    ];
    const before = healthScore(TEMPLATE_FAULTS, 1170);
    assert.ok(before - healthScore([...TEMPLATE_FAULTS, ...newLinks], 1170) >= 2);
    // However low other problems have put it, as long as there is something left to lose.
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 30 }), (others) => {
        const rows = [...TEMPLATE_FAULTS, ...others];
        const was = healthScore(rows, 1170);
        return was < 50 || was - healthScore([...rows, ...newLinks], 1170) >= 2;
      }),
    );
  });
});
