/**
 * Address kinds (address-ranges.ts) in every spelling a URL or a resolver can hand over, and what a rendering
 * tab lets a page's own requests reach (browser-tab.ts `requestVerdict`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKind, bareHost } from '../../../server/adapters/address-ranges.js';
import { requestVerdict, type TabRequestPolicy } from '../../../server/adapters/browser-tab.js';

const kindOfUrl = (url: string) => addressKind(bareHost(new URL(url).hostname));

describe('addressKind', () => {
  it('finds link-local and cloud metadata addresses in every spelling', () => {
    for (const url of [
      'http://169.254.169.254/',
      'http://169.254.0.1/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::ffff:169.254.169.254]/',
      'http://2852039166/',
      'http://0251.0376.0251.0376/',
      'http://0xa9fea9fe/',
      'http://[fe80::1]/',
      'http://[febf::1]/',
      'http://[fd00:ec2::254]/',
      'http://100.100.100.200/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ])
      assert.equal(kindOfUrl(url), 'link_local', url);
  });

  it('finds the unspecified and loopback addresses, IPv4-mapped ones included', () => {
    for (const url of ['http://0.0.0.0/', 'http://0/', 'http://[::]/', 'http://[::ffff:0.0.0.0]/'])
      assert.equal(kindOfUrl(url), 'unspecified', url);
    for (const url of ['http://127.0.0.1/', 'http://127.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/'])
      assert.equal(kindOfUrl(url), 'loopback', url);
  });

  it('leaves private, public and named hosts as other', () => {
    for (const host of [
      '10.0.0.1',
      '192.168.1.1',
      '172.16.0.1',
      'fd12::1',
      '100.64.0.1',
      '8.8.8.8',
      'a.test',
    ])
      assert.equal(addressKind(host), 'other', host);
  });
});

describe('requestVerdict (a rendering page’s own requests)', () => {
  const policy: TabRequestPolicy = {
    blocked: new Set(),
    refuse: (ip, port) => (ip === '169.254.169.254' || (ip === '127.0.0.1' && port === 4000) ? 'no' : null),
    credentials: { origin: 'https://staging.example', authorization: 'Basic eDp5' },
  };

  it('refuses refused addresses given literally or as a localhost name', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://127.0.0.1:4000/sites',
      'http://localhost:4000/sites',
      'http://app.localhost:4000/',
    ])
      assert.equal(
        requestVerdict(url, { ...policy, refuse: (ip, port) => policy.refuse!(mapped(ip), port) }),
        'refused',
        url,
      );
    assert.equal(requestVerdict('http://127.0.0.1:4001/', policy), 'continue');
  });

  it("adds the credentials to the site's own origin only", () => {
    assert.deepEqual(requestVerdict('https://staging.example/app.js', policy), {
      authorization: 'Basic eDp5',
    });
    for (const url of [
      'http://staging.example/app.js',
      'https://cdn.staging.example/app.js',
      'https://staging.example:8443/app.js',
      'https://other.example/',
      'data:text/plain,x',
    ])
      assert.equal(requestVerdict(url, policy), 'continue', url);
  });
});

/** `::ffff:a9fe:a9fe` as the IPv4 address it maps, for the test's simple refuse function. */
function mapped(ip: string): string {
  return ip === '::ffff:a9fe:a9fe' ? '169.254.169.254' : ip;
}
