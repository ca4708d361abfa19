/** Directories of URLs as the structure view groups them (url-directory.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  directoryAt,
  knownDirectories,
  pageDirectory,
  parentDirectory,
  urlPlace,
} from '../../../../server/domain/graph/url-directory.js';

const HOST = 'shop.example';
const dirOf = (urls: string[]) => {
  const places = urls.map((u) => urlPlace(u, HOST));
  const known = knownDirectories(places);
  return places.map((p) => pageDirectory(p, known));
};

describe('urlPlace', () => {
  it('splits the path into its directory and leaf, ignoring the query and the fragment', () => {
    assert.deepEqual(urlPlace('https://shop.example/guides/setup/install', HOST), {
      dir: '/guides/setup/',
      leaf: 'install',
    });
    assert.deepEqual(urlPlace('https://shop.example/guides/', HOST), { dir: '/guides/', leaf: null });
    assert.deepEqual(urlPlace('https://shop.example/', HOST), { dir: '/', leaf: null });
    assert.deepEqual(urlPlace('https://shop.example', HOST), { dir: '/', leaf: null });
    assert.deepEqual(urlPlace('https://shop.example/knives/?sort=price&page=2', HOST), {
      dir: '/knives/',
      leaf: null,
    });
    assert.deepEqual(urlPlace('https://shop.example/search?q=a/b/c#x', HOST), { dir: '/', leaf: 'search' });
  });

  it('decodes percent-encoding, so two spellings of one directory are one, and keeps bad escapes as written', () => {
    assert.equal(urlPlace('https://shop.example/caf%C3%A9/menu', HOST).dir, '/café/');
    assert.equal(urlPlace('https://shop.example/caf%c3%a9/menu', HOST).dir, '/café/');
    assert.equal(urlPlace('https://shop.example/caf%E9/menu', HOST).dir, '/caf%E9/');
    assert.equal(urlPlace('https://shop.example/a%2Fb/c', HOST).dir, '/a%2Fb/');
  });

  it('collapses repeated slashes and names another host of the site in front of the path', () => {
    assert.equal(urlPlace('https://shop.example//guides//setup/x', HOST).dir, '/guides/setup/');
    assert.equal(urlPlace('https://Blog.Shop.example/2024/post', HOST).dir, 'blog.shop.example/2024/');
    assert.equal(urlPlace('https://user@shop.example/a/', HOST).dir, '/a/');
  });
});

describe('pageDirectory', () => {
  it('counts /guides (no slash), /guides/ and /guides/index.html in the directory /guides/', () => {
    assert.deepEqual(
      dirOf([
        'https://shop.example/guides',
        'https://shop.example/guides/',
        'https://shop.example/guides/index.html',
        'https://shop.example/guides/setup',
      ]),
      ['/guides/', '/guides/', '/guides/', '/guides/'],
    );
  });

  it('leaves a page named like no directory where it is', () => {
    assert.deepEqual(dirOf(['https://shop.example/contact', 'https://shop.example/about.html']), ['/', '/']);
  });

  it('knows a directory from pages deeper down even when nothing sits in it directly', () => {
    assert.deepEqual(dirOf(['https://shop.example/blog', 'https://shop.example/blog/2024/03/post']), [
      '/blog/',
      '/blog/2024/03/',
    ]);
  });
});

describe('directoryAt and parentDirectory', () => {
  it('folds a directory into its ancestor `levels` deep', () => {
    assert.equal(directoryAt('/blog/2024/03/', 1), '/blog/');
    assert.equal(directoryAt('/blog/2024/03/', 2), '/blog/2024/');
    assert.equal(directoryAt('/blog/2024/03/', 5), '/blog/2024/03/');
    assert.equal(directoryAt('/', 1), '/');
    assert.equal(directoryAt('blog.shop.example/2024/03/', 1), 'blog.shop.example/2024/');
  });

  it('gives nested directories their parent and first-level ones none', () => {
    assert.equal(parentDirectory('/guides/setup/'), '/guides/');
    assert.equal(parentDirectory('/blog/2024/03/'), '/blog/2024/');
    assert.equal(parentDirectory('/guides/'), null);
    assert.equal(parentDirectory('/'), null);
    assert.equal(parentDirectory('blog.shop.example/2024/'), null);
    assert.equal(parentDirectory('blog.shop.example/2024/03/'), 'blog.shop.example/2024/');
  });
});
