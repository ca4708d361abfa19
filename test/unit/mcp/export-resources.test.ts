/** Resource URIs: what each asks of the export API, and which are refused before any call. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseResourceUri } from '../../../server/mcp/export-resources.js';

describe('MCP resource URIs', () => {
  it('reads a site report, a site export and a campaign’s targets', () => {
    assert.deepEqual(parseResourceUri('siteloupe://sites/4/report.html'), {
      name: 'report',
      format: 'html',
      scope: 'site_id',
      id: 4,
    });
    assert.deepEqual(parseResourceUri('siteloupe://sites/12/exports/issue-urls.xlsx'), {
      name: 'issue-urls',
      format: 'xlsx',
      scope: 'site_id',
      id: 12,
    });
    assert.deepEqual(parseResourceUri('siteloupe://campaigns/3/exports/campaign-targets.csv'), {
      name: 'campaign-targets',
      format: 'csv',
      scope: 'campaign_id',
      id: 3,
    });
  });

  it('refuses anything else before it reaches the API', () => {
    for (const uri of [
      'siteloupe://sites/0/report.html',
      'siteloupe://sites/01/report.html',
      'siteloupe://sites/1/exports/../../settings.json',
      'siteloupe://sites/1/exports/pages.csv?x=1',
      'siteloupe://sites/1/exports/Pages.csv',
      'siteloupe://sites/1/exports/campaign-targets.csv',
      'siteloupe://campaigns/1/exports/pages.csv',
      'siteloupe://campaigns/1/report.html',
      'https://sites/1/report.html',
      'siteloupe://sites/99999999999999999/report.html',
    ])
      assert.equal(parseResourceUri(uri), null, uri);
  });
});
