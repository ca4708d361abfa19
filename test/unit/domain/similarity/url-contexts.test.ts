/**
 * Parallel pages (url-contexts.ts, title-subjects.ts): one title in two parts of a manual, or two objects of an
 * API reference, are not one subject for a `merge`; the same subject twice in one place still is.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UrlContexts } from '../../../../server/domain/similarity/url-contexts.js';
import { TitleSubjects, titleIdentifiers } from '../../../../server/domain/similarity/title-subjects.js';

const site = (pages: [string, string][]) =>
  new UrlContexts(pages.map(([url, title], i) => ({ id: i + 1, url: `https://docs.example${url}`, title })));

describe('url contexts', () => {
  it('tells one title in two parts of a manual apart', () => {
    const u = site([
      ['/pltcl-data.html', 'Data Values'],
      ['/pltcl-functions.html', 'PL/Tcl Functions and Arguments'],
      ['/pltcl-trigger.html', 'Trigger Functions in PL/Tcl'],
      ['/plperl-data.html', 'Data Values'],
      ['/plperl-funcs.html', 'PL/Perl Functions and Arguments'],
      ['/plperl-triggers.html', 'PL/Perl Triggers'],
    ]);
    assert.equal(u.apart(1, 4), true);
    assert.equal(u.apart(1, 2), false, 'one part');
  });

  it('keeps a subject twice in one place together, and reads title words as the subject, not the place', () => {
    const u = site([
      ['/blog/2019/05/pruning-roses/', 'Pruning roses'],
      ['/blog/2023/04/pruning-roses-again/', 'Pruning roses: the whole job'],
      ['/blog/2023/04/lawn-care/', 'Lawn care'],
      ['/rose-pruning-tips.html', 'Rose pruning tips'],
      ['/rose-varieties.html', 'Rose varieties'],
      ['/rose-care.html', 'Rose care'],
      ['/guides/pruning-roses/', 'Pruning roses'],
      ['/guides/lawn-mowing/', 'Lawn mowing'],
      ['/guides/compost/', 'Compost'],
      ['/how-to-prune-roses/', 'How to prune roses'],
      ['/how-to-mow/', 'How to mow'],
      ['/how-to-compost/', 'How to compost'],
      ['/what-is-rose-pruning/', 'What is rose pruning?'],
      ['/what-is-compost/', 'What is compost?'],
      ['/what-is-mulch/', 'What is mulch?'],
      ['/guides/roses/index.html', 'Overview'],
      ['/blog/tomatoes/index.html', 'Overview'],
      ['/blog/roses/index.html', 'Overview'],
    ]);
    assert.equal(u.apart(1, 2), false, 'dates are not places');
    assert.equal(u.apart(1, 4), false, 'a page at the root is nowhere in particular');
    assert.equal(u.apart(1, 7), false, 'one file name in two sections: the post and the guide it became');
    assert.equal(u.apart(2, 7), true, 'a blog post and another guide: two sections');
    assert.equal(u.apart(4, 5), false);
    assert.equal(u.apart(10, 13), false, 'how-to and what-is are no places');
    assert.equal(u.apart(16, 17), true, 'index pages are named by their directory');
    assert.equal(u.apart(16, 18), false);
  });

  it('reads an index page in any language by its directory, and a stray `%` as written', () => {
    const u = site([
      ['/faq/index.en.html', 'Overview'],
      ['/faq/basic-defs.en.html', 'Definitions and overview'],
      ['/faq/choosing.en.html', 'Choosing a Debian distribution'],
      ['/maint-guide/index.en.html', 'Overview'],
      ['/maint-guide/start.en.html', 'Getting started The Right Way'],
      ['/maint-guide/first.en.html', 'First steps'],
      ['/shirts/100%-cotton.en.html', 'Cotton'],
      ['/shirts/linen.en.html', 'Linen'],
      ['/shirts/silk.en.html', 'Silk'],
      ['/towels/100%25-cotton.html', 'Cotton'],
      ['/towels/bamboo.en.html', 'Bamboo'],
      ['/towels/linen.en.html', 'Linen'],
    ]);
    assert.equal(u.apart(1, 4), true, 'two manuals: `index.en` is no file name they share');
    assert.equal(u.apart(7, 11), true, 'a page with a stray `%` has a place');
    assert.equal(u.apart(7, 10), false, 'one product name in two ranges, `%` written or encoded');
  });
});

describe('title identifiers', () => {
  it('reads the code names a title gives', () => {
    assert.deepEqual([...titleIdentifiers('SPI_scroll_cursor_fetch')], ['spi_scroll_cursor_fetch']);
    assert.deepEqual(
      [...titleIdentifiers('email.message: Representing an email message')],
      ['email.message'],
    );
    assert.deepEqual([...titleIdentifiers('CREATE ROLE')], []);
    assert.deepEqual([...titleIdentifiers('What is new, e.g. in 3.11')], [], 'not abbreviations or versions');
    assert.deepEqual(
      [...titleIdentifiers('Node.js streams with Next.js | DevBlog.io on web.dev')],
      [],
      'products and domains are not code',
    );
  });

  it('keeps sibling objects of an API reference apart and the same object together', () => {
    const t = new TitleSubjects([
      [1, 'dblink_build_sql_insert'],
      [2, 'dblink_build_sql_update'],
      [3, 'json — JSON encoder and decoder'],
      [4, 'json — JSON encoder and decoder: a practical guide'],
      [5, 'email.message.Message: Representing an email message using the compat32 API'],
      [6, 'email.message: Representing an email message'],
      [7, 'Using pandas.read_csv with chunksize'],
      [8, 'pandas.read_csv and pandas.DataFrame.to_csv, round trip'],
    ]);
    assert.equal(t.namesOtherObjects(1, 2), true);
    assert.equal(t.namesOtherObjects(3, 4), false, 'no code names: the titles decide');
    assert.equal(t.namesOtherObjects(5, 6), true);
    assert.equal(t.namesOtherObjects(1, 1), false);
    assert.equal(t.namesOtherObjects(7, 8), false, 'one object in common');
  });
});
