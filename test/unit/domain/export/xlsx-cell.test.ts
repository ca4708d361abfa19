/** XLSX cells hold at most 32,767 characters in Excel: longer text is cut to fit and says how much was cut. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { XLSX_CELL_CHARS, xlsxCell } from '../../../../server/domain/export/xlsx-writer.js';

describe('xlsxCell', () => {
  it('keeps what fits and every other kind of value as it is', () => {
    const fits = 'x'.repeat(XLSX_CELL_CHARS);
    assert.equal(xlsxCell(fits), fits);
    assert.equal(xlsxCell(42), 42);
    assert.equal(xlsxCell(true), true);
    assert.equal(xlsxCell(null), null);
    assert.equal(xlsxCell(undefined), null);
  });

  it('cuts longer text to fit the limit, saying how many characters were left out', () => {
    const text = 'x'.repeat(100_000);
    const cell = xlsxCell(text) as string;
    assert.ok(cell.length <= XLSX_CELL_CHARS && cell.length > XLSX_CELL_CHARS - 10, `${cell.length}`);
    const kept = cell.indexOf('…');
    assert.ok(
      cell.endsWith(
        `… [${(100_000 - kept).toLocaleString('en-US')} more characters cut: Excel holds 32,767 a cell]`,
      ),
    );
  });

  it('never keeps half of a surrogate pair', () => {
    const cell = xlsxCell('🌱'.repeat(40_000)) as string;
    const kept = cell.slice(0, cell.indexOf('…'));
    assert.equal(kept, '🌱'.repeat(kept.length / 2));
  });
});
