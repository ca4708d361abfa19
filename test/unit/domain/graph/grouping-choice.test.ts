/**
 * `by=auto` (grouping-choice.ts): the first readable grouping in order of preference, or the least crowded when
 * none reads well, and a reason that names the choice and why the ones before it were passed over.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Grouping } from '../../../../server/domain/graph/graph-groups.js';
import {
  chooseGrouping,
  scoreGrouping,
  type GroupingCandidate,
} from '../../../../server/domain/graph/grouping-choice.js';
import type { GroupBy } from '../../../../server/schemas/graph.js';

/** A flat grouping of pages with these group sizes. */
function sized(by: GroupBy, sizes: number[], basis = by as string): GroupingCandidate {
  const pageGroup = Int32Array.from(sizes.flatMap((n, g) => Array<number>(n).fill(g)));
  const grouping: Grouping = {
    ids: sizes.map((_, g) => `${by}:${g}`),
    labels: sizes.map((_, g) => `${by} ${g}`),
    parents: new Int32Array(sizes.length).fill(-1),
    pageGroup,
  };
  return { by, basis, grouping, parents: null };
}

describe('scoring a grouping', () => {
  it('counts top-level groups, the largest share and single-page groups; nested groups count in their top', () => {
    const nested = sized('directory', [2, 3, 5]);
    nested.grouping.parents[2] = 1;
    const s = scoreGrouping(nested);
    assert.deepEqual([s.groups, s.largest_share, s.single_page_groups, s.readable], [2, 0.8, 0, false]);
    const readable = scoreGrouping(sized('section', [30, 25, 20, 10, 1]));
    assert.deepEqual([readable.groups, readable.largest_share, readable.readable], [5, 0.349, true]);
  });

  it('is not readable as one box, as one box holding most pages, or as a scatter of single pages', () => {
    assert.equal(scoreGrouping(sized('directory', [1164])).readable, false);
    assert.equal(scoreGrouping(sized('directory', [90, 5, 5])).readable, false);
    assert.equal(scoreGrouping(sized('directory', [5, 5, 1, 1, 1, 1])).readable, false);
    assert.equal(scoreGrouping(sized('directory', Array<number>(80).fill(10))).readable, false);
  });
});

describe('choosing automatically', () => {
  it('keeps directories when they read well', () => {
    const { chosen, choice } = chooseGrouping('auto', [
      sized('directory', [10, 10, 10], 'URL paths'),
      sized('section', [10, 10, 10]),
    ]);
    assert.equal(chosen.by, 'directory');
    assert.equal(
      choice.reason,
      'Grouped by directory (URL paths): 3 groups, the largest holding 33% of the pages.',
    );
  });

  it('groups a flat site by its sections, and says why not by directory', () => {
    const { chosen, choice } = chooseGrouping('auto', [
      sized('directory', [1164]),
      sized('section', [220, 212, 165, 138, 137, 132, 130, 24, 6], 'the site’s Up links'),
      sized('page_type', [1052, 90, 22]),
    ]);
    assert.equal(chosen.by, 'section');
    assert.equal(
      choice.reason,
      'Grouped by section (the site’s Up links): 9 groups, the largest holding 19% of the pages. Not by directory, 1 group.',
    );
    assert.deepEqual(
      choice.candidates.map((c) => [c.by, c.readable]),
      [
        ['directory', false],
        ['section', true],
        ['page_type', false],
      ],
    );
  });

  it('draws the least crowded when none reads well, and says so', () => {
    const { chosen, choice } = chooseGrouping('auto', [
      sized('directory', [320, 100, 50, 1, 1, 1, 1]),
      sized('section', [317, 100, 50, 31]),
    ]);
    assert.equal(chosen.by, 'section');
    assert.match(
      choice.reason,
      /^No grouping reads well on this site; grouped by section \(section\), the least crowded: /,
    );
    assert.match(choice.reason, /Not by directory, one group holds 68% of the pages\.$/);
  });

  it('draws what was asked for, and says it was asked', () => {
    const { chosen, choice } = chooseGrouping('directory', [sized('directory', [1164], 'URL paths')]);
    assert.equal(chosen.by, 'directory');
    assert.equal(choice.reason, 'Grouped by directory (URL paths), as asked: 1 group holding every page.');
  });
});
