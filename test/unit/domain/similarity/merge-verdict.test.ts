/**
 * The subject check a merge needs (merge-verdict.ts), on pages laid out as a manual lays them out: the rules that
 * tell parallel pages apart (other code objects in the titles, other parts of the site) veto a merge only when
 * each page says things the other does not; a rewrite whose text is mostly the other's merges wherever it sits
 * and whatever its title; a hub and its part never merge, however much of the part is on the hub.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HubParts } from '../../../../server/domain/similarity/hub-parts.js';
import {
  MergeVerdicts,
  MOSTLY_SAME_TEXT,
  REWRITE_TEXT_SHARE,
} from '../../../../server/domain/similarity/merge-verdict.js';
import type { TextOverlap } from '../../../../server/domain/similarity/shingle-jaccard.js';
import { QuerySubjects } from '../../../../server/domain/similarity/query-subjects.js';
import { TitleSubjects } from '../../../../server/domain/similarity/title-subjects.js';
import { UrlContexts } from '../../../../server/domain/similarity/url-contexts.js';

/** A flat manual: PL/pgSQL, PL/Tcl, PL/Perl, tutorial and SPI families of pages, and a JIT chapter. */
const PAGES: [string, string][] = [
  ['/plpgsql-cursors.html', 'Cursors'], // 1
  ['/plpgsql-control-structures.html', 'Control Structures'], // 2
  ['/plpgsql-errors-and-messages.html', 'Errors and Messages'], // 3
  ['/tutorial-cursors-explained.html', 'Practical notes, part 2'], // 4: a rewrite of 1, retitled, elsewhere
  ['/tutorial-join.html', 'Joins Between Tables'], // 5
  ['/tutorial-agg.html', 'Aggregate Functions'], // 6
  ['/pltcl-data.html', 'Data Values'], // 7
  ['/pltcl-functions.html', 'PL/Tcl Functions and Arguments'], // 8
  ['/pltcl-trigger.html', 'Trigger Functions in PL/Tcl'], // 9
  ['/plperl-data.html', 'Data Values'], // 10
  ['/plperl-funcs.html', 'PL/Perl Functions and Arguments'], // 11
  ['/plperl-triggers.html', 'PL/Perl Triggers'], // 12
  ['/spi-spi-palloc.html', 'SPI_palloc'], // 13
  ['/spi-spi-repalloc.html', 'SPI_repalloc'], // 14
  ['/spi-spi-pfree.html', 'SPI_pfree'], // 15
  ['/jit.html', 'Just-in-Time Compilation (JIT)'], // 16: a chapter
  ['/jit-reason.html', 'What Is JIT compilation?'], // 17
  ['/jit-decision.html', 'When to JIT?'], // 18
  ['/jit-configuration.html', 'Configuration'], // 19
  ['/functions-string.html', 'String Functions and Operators'], // 20
  ['/functions-binarystring.html', 'Binary String Functions and Operators'], // 21
  ['/functions-math.html', 'Mathematical Functions and Operators'], // 22
  ['/functions-text-processing.html', 'Processing text with string operators'], // 23
];
const id = (path: string) => PAGES.findIndex(([p]) => p === path) + 1;
const pages = PAGES.map(([path, title], i) => ({ id: i + 1, url: `https://docs.example${path}`, title }));
const chapterLinks = [17, 18, 19].map((part) => ({ source: 16, target: part }));
/** A pair's text overlap, whole and own alike unless given. */
const text = (whole: number, smaller: 'a' | 'b' = 'a', own = whole): TextOverlap => ({ whole, own, smaller });

function verdicts(shares: Record<string, TextOverlap>, opts: { queries?: [number, string, number][] } = {}) {
  const share = (a: number, b: number) => shares[`${a}:${b}`] ?? shares[`${b}:${a}`] ?? text(0.1);
  return new MergeVerdicts(
    { subject_agreement: 0.8, query_agreement: 0.5 },
    {
      subjects: new TitleSubjects(pages.map((p) => [p.id, p.title])),
      places: new UrlContexts(pages),
      hubs: new HubParts(pages, () => chapterLinks),
      queries: new QuerySubjects(
        (opts.queries ?? []).map(([url_id, query, impressions]) => ({ url_id, query, impressions })),
      ),
      textShare: share,
    },
  );
}

describe('merge verdicts', () => {
  const rewrite = id('/tutorial-cursors-explained.html');
  const cursors = id('/plpgsql-cursors.html');

  it('merges a rewrite in another part of the site whose text is mostly the original’s, whatever its title', () => {
    const v = verdicts({ [`${cursors}:${rewrite}`]: text(0.93, 'b') }).verdict(cursors, rewrite);
    assert.equal(v.merge, true);
    assert.equal(v.rule, 'mostly_same_text');
    assert.match(
      v.detail,
      /93% of B’s text is on A word for word.*, though A sits in “plpgsql”, B in “tutorial”/,
    );
  });

  it('keeps parallel pages in two parts related when each says things the other does not', () => {
    const [tcl, perl] = [id('/pltcl-data.html'), id('/plperl-data.html')];
    const v = verdicts({ [`${tcl}:${perl}`]: text(0.3, 'a') }).verdict(tcl, perl);
    assert.equal(v.merge, false);
    assert.equal(v.rule, 'parallel_places');
    // The same two places with one page's text mostly on the other: one page written twice.
    const twice = verdicts({ [`${tcl}:${perl}`]: text(MOSTLY_SAME_TEXT, 'a') }).verdict(tcl, perl);
    assert.equal(twice.rule, 'mostly_same_text');
  });

  it('keeps sibling objects of a reference related unless one page’s text is mostly on the other', () => {
    const [palloc, repalloc] = [id('/spi-spi-palloc.html'), id('/spi-spi-repalloc.html')];
    const siblings = verdicts({ [`${palloc}:${repalloc}`]: text(0.6, 'a') });
    assert.equal(siblings.verdict(palloc, repalloc).rule, 'other_objects');
    assert.match(siblings.verdict(palloc, repalloc).detail, /“spi_palloc”.*“spi_repalloc”/);
    const copy = verdicts({ [`${palloc}:${repalloc}`]: text(0.9, 'a') });
    assert.equal(copy.verdict(palloc, repalloc).merge, true);
    // Sibling pages of one template share most of their words, not what each says of its own (dblink's
    // build_sql_insert and build_sql_update: 0.83 of the text, 0.66 of its own).
    const template = verdicts({ [`${palloc}:${repalloc}`]: text(0.9, 'a', 0.5) });
    assert.equal(template.verdict(palloc, repalloc).rule, 'other_objects');
    const close = verdicts({ [`${palloc}:${repalloc}`]: text(0.83, 'a', 0.66) });
    assert.equal(close.verdict(palloc, repalloc).rule, 'other_objects');
  });

  it('never merges a hub and its part, even when the part only repeats the hub', () => {
    const [chapter, section] = [id('/jit.html'), id('/jit-reason.html')];
    const v = verdicts({ [`${chapter}:${section}`]: text(1, 'b') }).verdict(section, chapter);
    assert.deepEqual([v.merge, v.rule], [false, 'hub_and_part']);
    assert.match(v.detail, /^B is the hub of A/);
  });

  it('merges by titles that name one subject, and by text only the two share when titles disagree', () => {
    const [strings, binary, processing] = [
      id('/functions-string.html'),
      id('/functions-binarystring.html'),
      id('/functions-text-processing.html'),
    ];
    assert.equal(verdicts({}).verdict(strings, binary).rule, 'same_title');
    const shared = verdicts({ [`${strings}:${processing}`]: text(REWRITE_TEXT_SHARE, 'b') });
    assert.equal(shared.verdict(strings, processing).rule, 'shared_text');
    const apart = verdicts({ [`${strings}:${processing}`]: text(0.4, 'b') }).verdict(strings, processing);
    assert.deepEqual([apart.merge, apart.rule], [false, 'other_subjects']);
  });

  it('merges pages Search Console shows for the same searches before any title or place rule', () => {
    const [tcl, perl] = [id('/pltcl-data.html'), id('/plperl-data.html')];
    const v = verdicts(
      {},
      {
        queries: [
          [tcl, 'pl data types', 60],
          [perl, 'pl data types', 40],
        ],
      },
    ).verdict(tcl, perl);
    assert.deepEqual([v.merge, v.rule], [true, 'same_queries']);
  });

  it('reads no text for a hub and its part, where the answer does not depend on it', () => {
    let reads = 0;
    const v = new MergeVerdicts(
      { subject_agreement: 0.8, query_agreement: 0.5 },
      {
        subjects: new TitleSubjects(pages.map((p) => [p.id, p.title])),
        places: new UrlContexts(pages),
        hubs: new HubParts(pages, () => chapterLinks),
        queries: new QuerySubjects([]),
        textShare: () => (reads++, text(1, 'a')),
      },
    );
    v.verdict(id('/jit.html'), id('/jit-decision.html'));
    assert.equal(reads, 0);
  });
});
