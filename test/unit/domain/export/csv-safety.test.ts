import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { neutralizeFormula } from '../../../../server/domain/export/csv-safety.js';

describe('neutralizeFormula', () => {
  it('prefixes cells that a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+33 1 23', '-2', '@SUM(A1)', '\tx', '\rx'])
      assert.equal(neutralizeFormula(v), `'${v}`);
  });

  it('leaves ordinary text alone', () => {
    for (const v of ['', 'Compost – a guide', 'a=b', ' =x', '1-2']) assert.equal(neutralizeFormula(v), v);
  });
});
