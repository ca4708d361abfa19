import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TargetDedupe } from '../../../../server/domain/campaigns/target-dedupe.js';
import type { TargetKind } from '../../../../server/schemas/targets.js';

/** A unit vector at `degrees` from the x axis: cosines between them are known exactly. */
const at = (degrees: number) => {
  const r = (degrees * Math.PI) / 180;
  return new Float32Array([Math.cos(r), Math.sin(r), 0]);
};
const key = (
  kind: TargetKind,
  title: string,
  subject: string,
  page_id: number | null,
  related_page_ids: number[] = [],
) => ({ kind, title, subject, page_id, related_page_ids });

describe('target de-duplication', () => {
  const dedupe = new TargetDedupe([
    { ...key('refresh', 'Refresh “Roses”', 'Roses', 5), vector: at(0) },
    { ...key('new_content', 'Growing avocados indoors', 'growing avocados indoors', null), vector: at(90) },
    {
      ...key('merge', 'Merge 2 overlapping pages into “Tomatoes”', 'Tomatoes', 30, [82, 84]),
      vector: at(180),
    },
  ]);

  it('treats the same kind on the same page as a duplicate, whatever the title', () => {
    assert.ok(dedupe.duplicateOf(key('refresh', 'Something else', 'Something else', 5), at(180)));
    assert.equal(
      dedupe.duplicateOf(key('internal_link', 'Add internal links to “Roses”', 'Roses', 5), at(0)),
      undefined,
    );
  });

  it('treats merge groups that share a page as one, since a page is folded in only once', () => {
    assert.ok(
      dedupe.plainDuplicateOf(
        key('merge', 'Merge 1 overlapping page into “Tomatoes (print)”', 'Tomatoes (print)', 82, [30]),
      ),
    );
    assert.ok(dedupe.plainDuplicateOf(key('merge', 'Merge into “Pots”', 'Pots', 99, [84])));
    assert.equal(dedupe.plainDuplicateOf(key('merge', 'Merge into “Roses”', 'Roses', 5, [6])), undefined);
  });

  it('compares subject embeddings (cosine 0.9 or more) for every pair of one kind, page or not', () => {
    // cos 25° ≈ 0.906, cos 26° ≈ 0.899
    const avocados = key('new_content', 'Avocados grown indoors', 'avocados grown indoors', null);
    assert.ok(dedupe.duplicateOf(avocados, at(90 + 25)));
    assert.equal(dedupe.duplicateOf({ ...avocados, title: 'Avocado trees' }, at(90 + 26)), undefined);
    assert.equal(dedupe.duplicateOf({ ...avocados, kind: 'merge' }, at(90)), undefined);
    // Another page whose subject means the same is a duplicate now; one meaning something else is not.
    assert.ok(dedupe.duplicateOf(key('refresh', 'Refresh “Rose”', 'Rose', 6), at(1)));
    assert.equal(dedupe.duplicateOf(key('refresh', 'Refresh “Tulips”', 'Tulips', 7), at(26)), undefined);
    // A manual target with no page meets the same test.
    assert.ok(
      dedupe.duplicateOf(key('refresh', 'Refresh the rose page', 'Refresh the rose page', null), at(1)),
    );
  });

  it('catches the same title or subject before any embedding is needed, and remembers what it adds', () => {
    assert.ok(dedupe.plainDuplicateOf(key('new_content', '  growing AVOCADOS indoors', 'other words', null)));
    // Two pages with one heading (an article and its printer-friendly copy) are one topic.
    assert.ok(dedupe.plainDuplicateOf(key('refresh', 'Update the roses page', ' roses', 8)));
    assert.equal(dedupe.plainDuplicateOf(key('refresh', 'Refresh “Rose”', 'Rose', 8)), undefined);
    dedupe.add({ ...key('internal_link', 'Links', 'Links', 9), vector: at(45) });
    assert.ok(dedupe.plainDuplicateOf(key('internal_link', 'Other title', 'Other title', 9)));
  });

  it('compares a target not embedded yet by the plain checks only', () => {
    const fresh = new TargetDedupe([
      { ...key('refresh', 'Refresh the rose page', 'Refresh the rose page', 5), vector: null },
    ]);
    assert.ok(fresh.duplicateOf(key('refresh', 'Refresh “Roses”', 'Roses', 5), at(0)), 'same page');
    assert.ok(fresh.duplicateOf(key('refresh', 'Refresh the rose page', 'Roses', 6), at(0)), 'same title');
    assert.equal(fresh.duplicateOf(key('refresh', 'Refresh “Rose”', 'Rose', 6), at(0)), undefined);
  });
});
