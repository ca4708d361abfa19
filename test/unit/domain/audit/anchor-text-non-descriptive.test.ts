/**
 * `anchor_text_non_descriptive` (anchor-text-non-descriptive.ts): a link's whole text against the setting's list,
 * ignoring case and punctuation; one finding a page, its targets listed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  anchorMaxChars,
  genericTexts,
  nonDescriptiveAnchors,
  normalizeAnchor,
} from '../../../../server/domain/audit/anchor-text-non-descriptive.js';
import { GENERIC_ANCHOR_TEXTS } from '../../../../server/schemas/audit-checks-page-links.js';

const row = (page_id: number, anchor_text: string, target = `https://s.test/t${page_id}`) => ({
  page_id,
  url: `https://s.test/p${page_id}`,
  anchor_text,
  target_id: page_id * 10,
  target_url: target,
  target_page_id: null,
  status_code: 200,
  fetch_error: null,
});

describe('non-descriptive anchor text', () => {
  it('compares whole texts, ignoring case, punctuation and arrows', () => {
    assert.equal(normalizeAnchor('  Read more »'), 'read more');
    assert.equal(normalizeAnchor('[Click here!]'), 'click here');
    assert.equal(normalizeAnchor('→ Learn  more…'), 'learn more');
  });

  it('lists a page once with each generic link, and leaves descriptive texts alone', () => {
    const found = nonDescriptiveAnchors(
      [
        row(1, 'Read more »', 'https://s.test/a'),
        row(1, 'Read more about roses'),
        row(1, 'HERE', 'https://s.test/b'),
        row(2, 'Delivery times'),
        row(3, 'more'),
      ],
      GENERIC_ANCHOR_TEXTS,
    );
    assert.deepEqual(
      found.map((f) => [f.url, f.evidence.targets.map((t) => [t.url, t.anchor_text])]),
      [
        [
          'https://s.test/p1',
          [
            ['https://s.test/a', 'Read more »'],
            ['https://s.test/b', 'HERE'],
          ],
        ],
        ['https://s.test/p3', [['https://s.test/t3', 'more']]],
      ],
    );
  });

  it('reads nothing with an empty list, and reads texts up to the longest entry plus punctuation', () => {
    assert.deepEqual(nonDescriptiveAnchors([row(1, 'here')], []), []);
    assert.equal(anchorMaxChars(['here', 'click here']), 18);
    // Never past what the partial index of short anchors holds.
    assert.equal(anchorMaxChars(['a generic label of thirty-two ch']), 40);
  });

  it('picks the generic ones among a site’s distinct short texts', () => {
    assert.deepEqual(
      genericTexts(['Read more »', 'Roses', 'CLICK HERE', 'More roses', 'here'], GENERIC_ANCHOR_TEXTS),
      ['Read more »', 'CLICK HERE', 'here'],
    );
  });
});
