/**
 * What a URL's path means (url-path.ts), on addresses of real sites: Debian's manuals (on www.debian.org and as
 * installed under /usr/share/doc), the PostgreSQL and Python manuals, and shop URLs with encoded characters.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  directoryNames,
  fileStem,
  isIndexFile,
  isIndexPage,
  pageNames,
  readUrlPath,
} from '../../../../server/domain/urls/url-path.js';

const DEBIAN = 'https://www.debian.org/doc/manuals';

describe('readUrlPath', () => {
  it('splits a path into its directory and the file in it', () => {
    assert.deepEqual(readUrlPath('https://www.postgresql.org/docs/current/sql-createtable.html'), {
      host: 'www.postgresql.org',
      dir: '/docs/current/',
      file: 'sql-createtable.html',
    });
    assert.deepEqual(readUrlPath(`${DEBIAN}/securing-debian-manual/ch04s03.en.html`), {
      host: 'www.debian.org',
      dir: '/doc/manuals/securing-debian-manual/',
      file: 'ch04s03.en.html',
    });
  });

  it('reads a trailing slash as the directory itself, with no file', () => {
    assert.deepEqual(readUrlPath(`${DEBIAN}/debian-faq/`), {
      host: 'www.debian.org',
      dir: '/doc/manuals/debian-faq/',
      file: null,
    });
    assert.deepEqual(readUrlPath('https://www.debian.org/'), {
      host: 'www.debian.org',
      dir: '/',
      file: null,
    });
    assert.deepEqual(readUrlPath('https://www.debian.org'), { host: 'www.debian.org', dir: '/', file: null });
  });

  it('reads a file: URL (a manual installed on disk) with no host and the same path', () => {
    assert.deepEqual(readUrlPath('file:///usr/share/doc/python3.11/html/library/os.path.html'), {
      host: '',
      dir: '/usr/share/doc/python3.11/html/library/',
      file: 'os.path.html',
    });
  });

  it('reads a bare path as the path of a URL', () => {
    const full = readUrlPath('https://docs.python.org/3.11/library/os.path.html');
    assert.deepEqual(readUrlPath('/3.11/library/os.path.html'), { ...full, host: '' });
    assert.deepEqual(readUrlPath('3.11/library/os.path.html'), { ...full, host: '' });
  });

  it('ignores the query and the fragment, even when they hold slashes', () => {
    assert.deepEqual(
      readUrlPath(
        'https://www.postgresql.org/docs/current/sql-createtable.html?utm_source=a/b#SQL-CREATETABLE-PARMS',
      ),
      readUrlPath('https://www.postgresql.org/docs/current/sql-createtable.html'),
    );
    assert.equal(readUrlPath('https://shop.example/search?q=shirts/cotton').file, 'search');
    assert.equal(readUrlPath('https://shop.example/shirts/#reviews/2').file, null);
    assert.equal(readUrlPath('https://shop.example?page=2').dir, '/');
  });

  it('collapses repeated slashes, so `//docs//current/` is `/docs/current/`', () => {
    assert.equal(
      readUrlPath('https://www.postgresql.org//docs//current/sql-createtable.html').dir,
      '/docs/current/',
    );
    assert.equal(readUrlPath('https://shop.example/shirts//').file, null);
  });

  it('reads a scheme only before the path: an archived address inside a path is path', () => {
    assert.deepEqual(readUrlPath('https://web.archive.org/web/2020/https://www.debian.org/doc/'), {
      host: 'web.archive.org',
      dir: '/web/2020/https:/www.debian.org/doc/',
      file: null,
    });
  });

  it('lower-cases the host, keeps its port and drops user info; the path keeps its case', () => {
    const p = readUrlPath('https://anon@WWW.Debian.ORG:8080/doc/Manuals/INDEX.HTML');
    assert.equal(p.host, 'www.debian.org:8080');
    assert.equal(p.dir, '/doc/Manuals/');
    assert.equal(p.file, 'INDEX.HTML');
  });
});

describe('percent-decoding', () => {
  it('decodes escapes, so two spellings of one directory are one', () => {
    assert.equal(readUrlPath('https://shop.example/caf%C3%A9/menu/').dir, '/café/menu/');
    assert.equal(readUrlPath('https://shop.example/caf%c3%a9/menu/').dir, '/café/menu/');
    assert.equal(readUrlPath('https://shop.example/café/menu/').dir, '/café/menu/');
  });

  it('keeps a stray `%` as written and the URL with it', () => {
    assert.equal(readUrlPath('https://shop.example/shirts/100%-cotton.en.html').file, '100%-cotton.en.html');
    assert.equal(readUrlPath('https://shop.example/shirts/100%25-cotton.html').file, '100%-cotton.html');
  });

  it('keeps an escape that is not UTF-8 as written and still decodes the ones beside it', () => {
    assert.equal(readUrlPath('https://shop.example/caf%E9/menu').dir, '/caf%E9/');
    assert.equal(readUrlPath('https://shop.example/100%-caf%C3%A9/menu').dir, '/100%-café/');
  });

  it('decodes once: an encoded `%` does not start another escape', () => {
    assert.equal(readUrlPath('https://shop.example/sale/50%2541').file, '50%41');
  });

  it('keeps an encoded slash inside its name, not as a separator', () => {
    assert.deepEqual(readUrlPath('https://shop.example/bands/AC%2FDC/shirts'), {
      host: 'shop.example',
      dir: '/bands/AC%2FDC/',
      file: 'shirts',
    });
    assert.deepEqual(directoryNames(readUrlPath('https://shop.example/bands/AC%2fDC/shirts')), [
      'bands',
      'AC%2FDC',
    ]);
  });
});

describe('directoryNames', () => {
  it('lists the directories a page sits in, root first, for a file and for a directory alike', () => {
    assert.deepEqual(
      directoryNames(readUrlPath('file:///usr/share/doc/python3.11/html/library/os.path.html')),
      ['usr', 'share', 'doc', 'python3.11', 'html', 'library'],
    );
    assert.deepEqual(directoryNames(readUrlPath(`${DEBIAN}/debian-faq/`)), ['doc', 'manuals', 'debian-faq']);
    assert.deepEqual(directoryNames(readUrlPath('https://www.debian.org/')), []);
  });
});

describe('fileStem', () => {
  it('drops the page extension and a language variant before it', () => {
    assert.equal(fileStem('sql-createtable.html'), 'sql-createtable');
    assert.equal(fileStem('ch04s03.en.html'), 'ch04s03');
    assert.equal(fileStem('100%-cotton.en.html'), '100%-cotton');
    assert.equal(fileStem('index.pt-br.html'), 'index');
    assert.equal(fileStem('index.zh_CN.html'), 'index');
    assert.equal(fileStem('Default.aspx'), 'Default');
  });

  it('keeps a dotted name whole: a language is read only before an extension', () => {
    assert.equal(fileStem('os.path.html'), 'os.path');
    assert.equal(fileStem('email.message.html'), 'email.message');
    assert.equal(fileStem('email.message'), 'email.message');
    assert.equal(fileStem('pruning-roses'), 'pruning-roses');
  });
});

describe('index pages', () => {
  it('reads index and default files, in any language and any case, as the directory’s own page', () => {
    for (const file of [
      'index.html',
      'INDEX.HTML',
      'index.htm',
      'index.en.html',
      'index.pt-br.html',
      'index.zh_CN.html',
      'index.php',
      'default.aspx',
      'Default.aspx',
      'index',
      'index.en',
    ])
      assert.equal(isIndexFile(file), true, file);
  });

  it('does not read pages whose names only begin like an index as index pages', () => {
    // PostgreSQL's chapters on indexes and the Python manual's general and module indexes.
    for (const file of [
      'index-api.html',
      'indexam.html',
      'indexes-bitmap-scans.html',
      'genindex-A.html',
      'py-modindex.html',
    ])
      assert.equal(isIndexFile(file), false, file);
  });

  it('reads a URL ending with `/` as an index page', () => {
    assert.equal(isIndexPage(readUrlPath(`${DEBIAN}/debian-faq/`)), true);
    assert.equal(isIndexPage(readUrlPath('https://www.debian.org')), true);
    assert.equal(isIndexPage(readUrlPath(`${DEBIAN}/debian-faq/index.en.html`)), true);
    assert.equal(isIndexPage(readUrlPath(`${DEBIAN}/debian-faq/basic-defs.en.html`)), false);
  });
});

describe('pageNames', () => {
  it('names a page by its directories and its file’s stem', () => {
    assert.deepEqual(pageNames(readUrlPath('https://www.postgresql.org/docs/current/sql-createtable.html')), [
      'docs',
      'current',
      'sql-createtable',
    ]);
    assert.deepEqual(pageNames(readUrlPath(`${DEBIAN}/securing-debian-manual/ch04s03.en.html`)), [
      'doc',
      'manuals',
      'securing-debian-manual',
      'ch04s03',
    ]);
  });

  it('names an index page, in any spelling, by its directory', () => {
    const faq = ['doc', 'manuals', 'debian-faq'];
    assert.deepEqual(pageNames(readUrlPath(`${DEBIAN}/debian-faq/index.en.html`)), faq);
    assert.deepEqual(pageNames(readUrlPath(`${DEBIAN}/debian-faq/`)), faq);
    assert.deepEqual(pageNames(readUrlPath(`${DEBIAN}/debian-faq/INDEX.HTML?lang=en`)), faq);
  });

  it('gives one name to a product written with a stray `%` and with an encoded one', () => {
    assert.deepEqual(pageNames(readUrlPath('https://shop.example/shirts/100%-cotton.en.html')), [
      'shirts',
      '100%-cotton',
    ]);
    assert.deepEqual(pageNames(readUrlPath('https://shop.example/shirts/100%25-cotton.html')), [
      'shirts',
      '100%-cotton',
    ]);
  });
});
