import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  combine,
  directions,
  TIE_MARGIN,
  type PagePassages,
} from '../../../../server/domain/similarity/specific-overlap.js';

/** A unit vector along one axis, with a little of another to make near twins. */
function unit(axis: number, other = -1, amount = 0): Float32Array {
  const v = new Float32Array(16);
  v[axis] = 1;
  if (other >= 0) v[other] = amount;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

let nextId = 1;
function page(id: number, vectors: Float32Array[]): PagePassages {
  return { id, passageIds: vectors.map(() => nextId++), vectors };
}

// Axis 0 is template text ("Parameters", "Return value") that every page of the template has; axes 1–9 are
// subjects of their own.
const TEMPLATE = unit(0);

describe('specific overlap', () => {
  it('counts template text every candidate shares for a fraction, and text only the partner has in full', () => {
    const a = page(1, [TEMPLATE, unit(1)]);
    const sibling = page(2, [TEMPLATE, unit(2)]); // same template, another subject
    const rewrite = page(3, [TEMPLATE, unit(1, 2, 0.1)]); // same template, same subject
    const others = [4, 5, 6].map((id) => page(id, [TEMPLATE, unit(id)]));
    const [toSibling, toRewrite] = directions(a, [sibling, rewrite, ...others]);
    // The template passage matches all five candidates equally: each gets a fifth of its cosine.
    assert.ok(Math.abs(toSibling!.score - 1 / 5 / 2) < 1e-6, `sibling ${toSibling!.score}`);
    const specific = toRewrite!.evidence.find((m) => m.from === a.passageIds[1]);
    assert.ok(specific, 'the subject passage is evidence for the rewrite');
    assert.equal(specific.weight, 1, 'no other candidate matches the subject passage');
    assert.equal(specific.to, rewrite.passageIds[1]);
    assert.ok(toRewrite!.score > 0.55 && toRewrite!.score < 0.61, `rewrite ${toRewrite!.score}`);
    assert.deepEqual(
      toRewrite!.evidence.map((m) => m.share),
      [...toRewrite!.evidence.map((m) => m.share)].sort((x, y) => y - x),
      'evidence is ordered by what it counted',
    );
  });

  it('shares the credit among pages within the tie margin, not among weaker matches', () => {
    const a = page(10, [unit(3)]);
    const close = page(11, [unit(3, 4, 0.05)]);
    const alsoClose = page(12, [unit(3, 5, 0.06)]);
    const weak = page(13, [unit(3, 6, 1)]); // cosine ≈ 0.71
    const [toClose, , toWeak] = directions(a, [close, alsoClose, weak]);
    assert.ok(TIE_MARGIN > 1 - 0.9982, 'the two close matches tie');
    assert.equal(toClose!.evidence[0]!.weight, 1 / 2);
    assert.equal(toWeak!.evidence[0]!.weight, 1 / 3, 'both stronger pages are rivals of the weak match');
  });

  it('divides by the passage count, so one shared paragraph of many scores low', () => {
    const a = page(20, [unit(7), ...[8, 9, 10, 11].map((x) => unit(x))]);
    const b = page(21, [unit(7), unit(12)]);
    const [ab] = directions(a, [b]);
    assert.ok(Math.abs(ab!.score - 1 / 5) < 1e-6, `${ab!.score}`);
  });

  it('combines both directions, evidence read from A to B without repeats', () => {
    const a = page(30, [unit(1), unit(2)]);
    const b = page(31, [unit(1)]);
    const [ab] = directions(a, [b]);
    const [ba] = directions(b, [a]);
    const { raw, evidence } = combine(ab!, ba!);
    assert.ok(Math.abs(raw - (0.5 + 1) / 2) < 1e-6, `${raw}`);
    assert.equal(evidence.length, 1, 'the same two passages from both sides are one match');
    assert.equal(evidence[0]!.from, a.passageIds[0]);
    assert.equal(evidence[0]!.to, b.passageIds[0]);
  });

  it('scores a page without passages as sharing nothing', () => {
    const [d] = directions(page(40, []), [page(41, [unit(1)])]);
    assert.deepEqual(d, { score: 0, evidence: [] });
  });
});
