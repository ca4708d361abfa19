import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TargetDedupe } from '../../../../server/domain/campaigns/target-dedupe.js';
import type { TargetKind } from '../../../../server/schemas/targets.js';

/** A unit vector at `degrees` from the x axis: cosines between them are known exactly. */
const at = (degrees: number) => {
  const r = (degrees * Math.PI) / 180;
  return new Float32Array([Math.cos(r), Math.sin(r), 0]);
};
const key = (kind: TargetKind, title: string, page_id: number | null, related_page_ids: number[] = []) => ({
  kind,
  title,
  page_id,
  related_page_ids,
});

describe('target de-duplication', () => {
  const dedupe = new TargetDedupe([
    { ...key('refresh', 'Refresh “Roses”', 5), vector: at(0) },
    { ...key('new_content', 'Growing avocados indoors', null), vector: at(90) },
    { ...key('merge', 'Merge 2 overlapping pages into “Tomatoes”', 30, [82, 84]), vector: at(180) },
  ]);

  it('treats the same kind on the same page as a duplicate, whatever the title', () => {
    assert.ok(dedupe.duplicateOf(key('refresh', 'Something else', 5), at(180)));
    assert.equal(
      dedupe.duplicateOf(key('internal_link', 'Add internal links to “Roses”', 5), at(0)),
      undefined,
    );
  });

  it('treats merge groups that share a page as one, since a page is folded in only once', () => {
    assert.ok(dedupe.samePage(key('merge', 'Merge 1 overlapping page into “Tomatoes (print)”', 82, [30])));
    assert.ok(dedupe.samePage(key('merge', 'Merge into “Pots”', 99, [84])));
    assert.equal(dedupe.samePage(key('merge', 'Merge into “Roses”', 5, [6])), undefined);
  });

  it('compares title embeddings (cosine 0.9 or more) when a target is about no page, within a kind', () => {
    // cos 25° ≈ 0.906, cos 26° ≈ 0.899
    assert.ok(dedupe.duplicateOf(key('new_content', 'Avocados grown indoors', null), at(90 + 25)));
    assert.equal(dedupe.duplicateOf(key('new_content', 'Avocado trees', null), at(90 + 26)), undefined);
    assert.equal(dedupe.duplicateOf(key('merge', 'Growing avocados indoors 2', null), at(90)), undefined);
    // Two pages' refresh titles differ only in the page's name: close embeddings, different work.
    assert.equal(dedupe.duplicateOf(key('refresh', 'Refresh “Rose”', 6), at(1)), undefined);
    // A manual target with no page still meets the title test.
    assert.ok(dedupe.duplicateOf(key('refresh', 'Refresh the rose page', null), at(1)));
  });

  it('catches the same title before any embedding is needed, and remembers what it adds', () => {
    assert.ok(dedupe.samePage(key('new_content', '  growing AVOCADOS indoors', null)));
    dedupe.add({ ...key('internal_link', 'Links', 9), vector: at(45) });
    assert.ok(dedupe.samePage(key('internal_link', 'Other title', 9)));
  });
});
