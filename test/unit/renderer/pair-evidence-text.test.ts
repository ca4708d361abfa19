/**
 * "Why these pages" in words: a pair's passage matches in the order they counted, template text told apart by
 * how many rival pages match it as well, and the reason a pair has no matches, from its own fields.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pair } from '../../../renderer/src/api/types.js';
import {
  emptyEvidenceNote,
  evidenceMatches,
  evidenceSummary,
  matchTitle,
  rivalsOf,
} from '../../../renderer/src/views/pair-evidence-text.js';

type Evidence = Pair['evidence'][number];
let nextId = 1;
const match = (cosine: number, weight: number, share: number, a = 'A text', b = 'B text'): Evidence => ({
  passage_a: { id: nextId++, text: a },
  passage_b: { id: nextId++, text: b },
  cosine,
  weight,
  share,
});
const pair = (p: Partial<Pick<Pair, 'evidence' | 'outcome' | 'jaccard' | 'cosine'>>) => ({
  evidence: [],
  outcome: 'related' as const,
  jaccard: 0.2,
  cosine: 0.8,
  ...p,
});

describe('rivalsOf', () => {
  it('reads the pages sharing the credit back from the stored, rounded weight', () => {
    assert.equal(rivalsOf(1), 0);
    assert.equal(rivalsOf(0.5), 1);
    assert.equal(rivalsOf(0.3333), 2);
    assert.equal(rivalsOf(0.0476), 20);
  });

  it('never counts fewer than none, and calls a weight of zero countless', () => {
    assert.equal(rivalsOf(1.2), 0);
    assert.equal(rivalsOf(0), Number.POSITIVE_INFINITY);
  });
});

describe('evidenceMatches', () => {
  it('lists the matches that counted most first, with the share as a percentage', () => {
    const out = evidenceMatches([
      match(0.5, 0.5, 0.0625),
      match(0.8634, 1, 0.2158),
      match(0.26, 0.1429, 0.0093),
    ]);
    assert.deepEqual(
      out.map((m) => [m.cosine, m.shareText, m.rivals]),
      [
        ['0.86', '22%', 0],
        ['0.50', '6.3%', 1],
        ['0.26', '0.9%', 6],
      ],
    );
  });

  it('marks text that many other pages match as well as template text, and says how specific each match is', () => {
    const [only, one, two, many] = evidenceMatches([
      match(0.9, 1, 0.4),
      match(0.9, 0.5, 0.3),
      match(0.9, 0.3333, 0.2),
      match(0.9, 0.0909, 0.1),
    ]);
    assert.deepEqual(
      [only, one, two, many].map((m) => [m!.template, m!.specificity]),
      [
        [false, 'only this pair'],
        [false, '1 other page matches it as well'],
        [true, '2 other pages match it as well'],
        [true, '10 other pages match it as well'],
      ],
    );
  });

  it('keeps the passages’ text as it came, for React to render as text', () => {
    const [m] = evidenceMatches([match(0.7, 1, 0.1, '<img src=x onerror=alert(1)>', 'Fish & chips')]);
    assert.equal(m!.a.text, '<img src=x onerror=alert(1)>');
    assert.equal(m!.b.text, 'Fish & chips');
  });

  it('keeps a bar’s width within the track whatever the figure', () => {
    const [big, negative] = evidenceMatches([match(1, 1, 1.4), match(0.1, 1, -0.01)]);
    assert.equal(big!.share, 1);
    assert.equal(negative!.share, 0);
    assert.equal(negative!.shareText, '0%');
  });
});

describe('matchTitle', () => {
  it('explains the cosine, the weight and the share in one sentence', () => {
    const [specific, template] = evidenceMatches([match(0.76, 1, 0.19), match(0.78, 0.3333, 0.05)]);
    assert.match(
      matchTitle(specific!),
      /^Cosine 0\.76 between the two passages; only this pair, so it counts fully\./,
    );
    assert.match(
      matchTitle(template!),
      /2 other pages match it as well, so it counts 1\/3\. It makes 5\.0% of a full/,
    );
  });
});

describe('evidenceSummary', () => {
  it('counts the matches, the template ones and what they make together', () => {
    const evidence = [match(0.86, 1, 0.2158), match(0.5, 0.5, 0.0625), match(0.26, 0.1429, 0.0093)];
    assert.equal(
      evidenceSummary(pair({ evidence })),
      '3 passage matches · 1 of them template text · 29% of a full score together',
    );
    assert.equal(
      evidenceSummary(pair({ evidence: [match(0.63, 1, 0.3163)] })),
      '1 passage match · 32% of a full score together',
    );
  });

  it('gives the reason instead when there are no matches', () => {
    assert.equal(
      evidenceSummary(pair({ outcome: 'duplicate', jaccard: 1, cosine: null })),
      'Found by identical text',
    );
  });
});

describe('emptyEvidenceNote', () => {
  it('is null when there is evidence to show', () => {
    assert.equal(emptyEvidenceNote(pair({ evidence: [match(0.9, 1, 0.4)] })), null);
  });

  it('says a duplicate with the same text was found by its text alone', () => {
    const note = emptyEvidenceNote(pair({ outcome: 'duplicate', jaccard: 1, cosine: 0.94 }));
    assert.equal(note?.kind, 'identical');
    assert.equal(note?.title, 'Found by identical text');
  });

  it('says a near duplicate was found by its text, and why no passages were compared', () => {
    const unembedded = emptyEvidenceNote(pair({ outcome: 'duplicate', jaccard: 0.93, cosine: null }));
    assert.equal(unembedded?.title, 'Found by nearly identical text');
    assert.match(unembedded!.detail, /Jaccard 0\.93.*not indexable/);
    const older = emptyEvidenceNote(pair({ outcome: 'duplicate', jaccard: 0.93, cosine: 0.97 }));
    assert.match(older!.detail, /run the analysis again/);
  });

  it('asks for a new analysis when a scored pair kept no evidence', () => {
    for (const outcome of ['merge', 'related'] as const) {
      const note = emptyEvidenceNote(pair({ outcome, jaccard: 0.4 }));
      assert.equal(note?.kind, 'stale');
      assert.equal(note?.title, 'Scored before evidence was kept: run the analysis again');
    }
  });
});
