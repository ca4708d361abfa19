import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula, safeCsvCell } from '../../../../server/domain/export/csv-safety.js';

/** The review's cells: harmless to a comma reading, a formula in their second piece to a `;` or tab reading. */
const SPLIT_FORMULAS: [string, string][] = [
  ['x;+1+1', "x;'+1+1"],
  ['a;@SUM(1)', "a;'@SUM(1)"],
  ['b;=1+1', "b;'=1+1"],
  ['c;-2+3', "c;'-2+3"],
  ['d\t=1', "d\t'=1"],
];

/** Every cell each reading of the file would see: split on its separator, honouring quotes, or naively. */
function readings(csv: string): string[] {
  return [',', ';', '\t'].flatMap((delimiter) => [
    ...(parse(csv, { delimiter, relax_quotes: true }) as string[][]).flat(),
    ...csv.trimEnd().split(delimiter),
  ]);
}

describe('neutralizeFormula', () => {
  it('prefixes cells that a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+33 1 23', '-2', '@SUM(A1)', '\tx', '\rx'])
      assert.equal(neutralizeFormula(v), `'${v}`);
  });

  it('leaves ordinary text alone', () => {
    for (const v of ['', 'Compost – a guide', 'a=b', ' =x', '1-2']) assert.equal(neutralizeFormula(v), v);
  });

  it('prefixes a piece that a `;` or tab reading would start with a formula', () => {
    for (const [v, safe] of SPLIT_FORMULAS) assert.equal(neutralizeFormula(v), safe);
  });

  it('prefixes a piece after a comma, for a reading that splits without honouring quotes', () => {
    assert.equal(neutralizeFormula('a,=1+1'), "a,'=1+1");
  });

  it('treats a tab as both the end of one piece and a trigger starting the next', () => {
    assert.equal(neutralizeFormula('\t=1'), "'\t'=1");
    assert.equal(neutralizeFormula('x;\t=1'), "x;'\t'=1");
    assert.equal(neutralizeFormula('=a;=b'), "'=a;'=b");
  });

  it('leaves separators that do not start a formula alone', () => {
    for (const v of [
      'Tips; tricks and more',
      'Compost, mulch; and leaves',
      'https://garden.test/shop;jsessionid=42?a=1&b=-2',
      'a;b\tc,d',
      'x; =1',
      'x;',
    ])
      assert.equal(neutralizeFormula(v), v);
  });
});

describe('safeCsvCell', () => {
  it('quotes a cell it had to neutralise, so a `;` reading keeps it whole', () => {
    for (const [v, safe] of SPLIT_FORMULAS) assert.deepEqual(safeCsvCell(v), { value: safe, quoted: true });
  });

  it('leaves an ordinary cell to csv-stringify', () => {
    assert.equal(safeCsvCell('Tips; tricks'), 'Tips; tricks');
  });

  it('writes cells that no reading of the file sees starting with a trigger', () => {
    for (const [v] of [...SPLIT_FORMULAS, ['=1+1'], ['x\t\t+1'], ['a,@SUM(1)']]) {
      const csv = stringify([[v]], { cast: { string: safeCsvCell } });
      for (const cell of readings(csv)) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `${csv} → ${cell}`);
      // A reading with the file's own separator gets the cell back, apostrophes aside.
      assert.equal(String((parse(csv) as string[][])[0]![0]).replaceAll("'", ''), v);
    }
  });

  it('quotes `x;+1+1` in the written row', () => {
    assert.equal(
      stringify([['x;+1+1', 'Tips; tricks']], { cast: { string: safeCsvCell } }),
      `"x;'+1+1",Tips; tricks\n`,
    );
  });
});
