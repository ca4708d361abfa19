/** Reading one table of the Search Console export: kinds by header or content, and the number spellings. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExportFormatError, parseExportCsv } from '../../../../server/domain/analytics/gsc-export-csv.js';

describe('parseExportCsv', () => {
  it('reads the English tables the UI exports, CTR as a percentage', () => {
    const q = parseExportCsv(
      'Top queries,Clicks,Impressions,CTR,Position\n"bulbs, spring",12,340,3.53%,8.2\n',
      'Queries.csv',
    );
    assert.equal(q.kind, 'query');
    assert.deepEqual(q.kind === 'query' && q.records[0], {
      grain: 'query',
      page: null,
      query: 'bulbs, spring',
      date: null,
      clicks: 12,
      impressions: 340,
      position: 8.2,
    });
    const d = parseExportCsv(
      'Date,Clicks,Impressions,CTR,Position\r\n2026-03-01,1,10,10%,3\r\n',
      'Dates.csv',
    );
    assert.equal(d.kind === 'date' && d.records[0]!.date, '2026-03-01');
  });

  it('reads spreadsheet spellings: BOM, semicolons, tabs, decimal commas, thousands marks', () => {
    const p = parseExportCsv(
      '\uFEFFTop pages;Clicks;Impressions;CTR;Position\nhttps://a.example/x;1.234;12.345;10,0 %;1.234,5\n',
      'Pages.csv',
    );
    assert.deepEqual(
      p.kind === 'page' && [p.records[0]!.clicks, p.records[0]!.impressions, p.records[0]!.position],
      [1234, 12345, 1234.5],
    );
    const t = parseExportCsv(
      'Top pages\tClicks\tImpressions\tCTR\tPosition\nhttps://a.example/y\t3\t40\t7,5%\t4,25\n',
      'x.tsv',
    );
    assert.deepEqual(t.kind === 'page' && t.records[0]!.position, 4.25);
  });

  it('tells the kind of a table with a foreign header from its first column or its name', () => {
    const urls = parseExportCsv(
      'Seiten;Klicks;Impressionen;CTR;Position\nhttps://a.example/;1;2;50%;1\n',
      'Seiten.csv',
    );
    assert.equal(urls.kind, 'page');
    const dates = parseExportCsv(
      'Datum,Klicks,Impressionen,CTR,Position\n2026-01-02,1,2,50%,1\n',
      'Chart.csv',
    );
    assert.equal(dates.kind, 'date');
    const queries = parseExportCsv(
      'Suchanfragen,Klicks,Impressionen,CTR,Position\nrasen,1,2,50%,1\n',
      'Queries.csv',
    );
    assert.equal(queries.kind, 'query');
    assert.equal(
      parseExportCsv('Suchanfragen,Klicks,Impressionen,CTR,Position\nrasen,1,2,50%,1\n', 'x.csv').kind,
      'unknown',
    );
  });

  it('skips the tables without a page, query or date and refuses broken figures', () => {
    assert.equal(
      parseExportCsv('Country,Clicks,Impressions,CTR,Position\nFrance,1,2,50%,1\n', 'Countries.csv').kind,
      'skipped',
    );
    assert.equal(parseExportCsv('Filter,Value\nSearch type,Web\n', 'Filters.csv').kind, 'skipped');
    assert.throws(
      () => parseExportCsv('Top pages,Clicks,Impressions,CTR,Position\nhttps://a/,1,2,x,1\n', 'Pages.csv'),
      ExportFormatError,
    );
    assert.throws(
      () => parseExportCsv('Top pages,Clicks,Impressions,CTR,Position\n"https://a/,1,2,3%,1\n', 'Pages.csv'),
      /not valid CSV/,
    );
  });
});
