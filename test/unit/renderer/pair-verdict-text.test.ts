/**
 * A pair's verdict in words: which side is the page to keep and why, which links are still missing, the rule of
 * an analysis made before rules were kept, and the stale notice with when the analysis ran and the site changed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnalysisState, Pair } from '../../../renderer/src/api/types.js';
import {
  keepShort,
  keepSide,
  linksShort,
  linksText,
  staleText,
  verdictText,
} from '../../../renderer/src/views/pair-verdict-text.js';

const pageA = { id: 7 } as Pair['page_a'];

describe('pair verdict text', () => {
  it('names the side to keep and the reason, and nothing for a related pair', () => {
    const keep = {
      page_id: 9,
      reason: 'hub' as const,
      detail: '/spi.html is the hub of /spi-interface.html',
    };
    assert.equal(keepSide({ page_a: pageA, keep }), 'B');
    assert.equal(keepShort({ page_a: pageA, keep }), 'Keep B: the hub');
    assert.equal(keepShort({ page_a: pageA, keep: null }), '—');
  });

  it('says which links are missing, and where the existing ones are', () => {
    assert.equal(linksShort({ a_to_b: null, b_to_a: null }), 'none yet');
    assert.equal(linksShort({ a_to_b: 'text', b_to_a: 'navigation' }), 'B→A missing');
    assert.equal(linksShort({ a_to_b: 'text', b_to_a: 'text' }), 'linked');
    assert.equal(linksText({ a_to_b: null, b_to_a: null }), 'Not linked either way');
    assert.equal(
      linksText({ a_to_b: 'navigation', b_to_a: 'navigation' }),
      'Linked both ways in their navigation only',
    );
    assert.equal(
      linksText({ a_to_b: 'text', b_to_a: null }),
      'A links to B in its text; B does not link to A',
    );
  });

  it('asks for a new analysis when a pair has no rule yet', () => {
    assert.match(verdictText({ rule: null, rule_detail: null }).detail, /Run the analysis again/);
    const v = verdictText({ rule: 'parallel_places', rule_detail: 'A sits in “pltcl”, B in “plperl”.' });
    assert.equal(v.label, 'Parallel pages in two parts of the site');
    assert.match(v.detail, /pltcl/);
  });

  it('says why the analysis is stale and when it ran', () => {
    const state: AnalysisState = {
      run_id: 3,
      analyzed_at: '2030-01-07T10:00:00.000Z',
      reranker: 'passage',
      stale: true,
      reason: 'The site was crawled again after this analysis. Run it again to bring its pairs up to date.',
      last_crawl_at: '2030-01-08T09:00:00.000Z',
      rerun_job_id: null,
    };
    assert.match(staleText(state), /^The site was crawled again.*Analysed .*2030.*crawled again .*2030/);
  });
});
