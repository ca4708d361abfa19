/**
 * `--site` takes what the app and the other commands show: an id, a name or a URL. A name two sites share and a
 * name no site has are errors that list the sites to choose from, never a guess.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveSiteArg, SiteArgError } from '../../../server/cli/site-arg.js';

const site = (id: number, name: string, start_url: string) => ({
  id,
  name,
  start_url,
  origin: new URL(start_url).origin,
});
const SITES = [
  site(1, 'PostgreSQL manual', 'http://127.0.0.1:8081/docs/'),
  site(2, 'Debian handbook', 'http://127.0.0.1:8082/'),
  site(3, 'Docs', 'https://docs.example.com/a/'),
  site(4, 'Docs', 'https://docs.example.com/b/'),
  site(5, '127.0.0.1:8083', 'http://127.0.0.1:8083/'),
];
const pick = (arg: string) => resolveSiteArg(SITES, arg, '/data').id;

describe('resolveSiteArg', () => {
  it('takes an id', () => {
    assert.equal(pick('2'), 2);
  });

  it('takes the name the app shows, in any case and with stray spaces', () => {
    assert.equal(pick('PostgreSQL manual'), 1);
    assert.equal(pick('  debian HANDBOOK '), 2);
    assert.equal(pick('127.0.0.1:8083'), 5, 'a default name (the host)');
  });

  it('takes a start URL, exactly or by its origin when one site has that origin', () => {
    assert.equal(pick('http://127.0.0.1:8081/docs/'), 1);
    assert.equal(pick('http://127.0.0.1:8082'), 2, 'the same URL without its slash');
    assert.equal(pick('http://127.0.0.1:8081/docs/sql.html'), 1, 'a page of the site');
    assert.equal(pick('https://docs.example.com/b/'), 4, 'exactly, although two sites share the origin');
  });

  it('takes a bare host when no name matches', () => {
    assert.equal(pick('127.0.0.1:8082'), 2);
  });

  it('refuses a name two sites share, listing both with their ids', () => {
    assert.throws(
      () => pick('docs'),
      (err: Error) =>
        err instanceof SiteArgError &&
        /the name "docs" matches 2 sites; pass one's id/.test(err.message) &&
        /3 {2}Docs +https:\/\/docs\.example\.com\/a\//.test(err.message) &&
        /4 {2}Docs +https:\/\/docs\.example\.com\/b\//.test(err.message),
    );
    assert.throws(
      () => pick('https://docs.example.com/'),
      /the URL "https:\/\/docs.example.com\/" matches 2 sites/,
    );
  });

  it('refuses an unknown name, id or URL, listing the known sites', () => {
    for (const arg of ['Python docs', '99', 'https://elsewhere.example/']) {
      assert.throws(
        () => pick(arg),
        (err: Error) =>
          err instanceof SiteArgError &&
          err.message.startsWith(`no site "${arg}" in /data. Pass an id, a name or a start URL`) &&
          SITES.every((s) => err.message.includes(s.start_url)),
        arg,
      );
    }
  });

  it('says how to add a site when there is none', () => {
    assert.throws(
      () => resolveSiteArg([], 'x', '/data'),
      /no sites yet\. Crawl one with siteloupe crawl <url>/,
    );
  });
});
