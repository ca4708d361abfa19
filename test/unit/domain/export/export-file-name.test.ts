/** What an exported file is called (export-file-name.ts): the site's name made safe, what it holds, the day. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contentDisposition,
  exportFileName,
  fileDate,
  fileStem,
} from '../../../../server/domain/export/export-file-name.js';

describe('export file names', () => {
  it('name a file by the site’s name, what it holds and the local day', () => {
    const site = { name: 'Postgres manual', start_url: 'http://127.0.0.1:37477/' };
    const day = new Date(2026, 10, 28, 23, 59);
    assert.equal(exportFileName(site, 'pages', 'xlsx', day), 'postgres-manual-pages-2026-11-28.xlsx');
    assert.equal(fileDate(new Date(2026, 0, 5)), '2026-01-05');
  });

  it('make any name safe for every file system, keeping letters of any script and dotted hosts', () => {
    assert.equal(fileStem('  Café / Crème: "brûlée" <v2>?  '), 'cafe-creme-brulee-v2');
    assert.equal(fileStem('docs.python.org'), 'docs.python.org');
    assert.equal(fileStem('..\\..\\etc/passwd'), 'etc-passwd');
    assert.equal(fileStem('Документация 東京'), 'документация-東京');
    assert.equal(fileStem('x'.repeat(200)).length, 60);
    assert.equal(fileStem('***'), '');
    // Nothing to keep: the host stands in.
    assert.equal(
      exportFileName(
        { name: '***', start_url: 'https://shop.example:8443/' },
        'links',
        'csv',
        new Date(2026, 1, 1),
      ),
      'shop.example-links-2026-02-01.csv',
    );
  });

  it('send an ASCII name, and the full name as UTF-8 when it has other characters', () => {
    assert.equal(
      contentDisposition('shop-pages-2026-11-28.csv'),
      'attachment; filename="shop-pages-2026-11-28.csv"',
    );
    assert.equal(
      contentDisposition('café-pages.csv'),
      `attachment; filename="caf_-pages.csv"; filename*=UTF-8''caf%C3%A9-pages.csv`,
    );
  });
});
