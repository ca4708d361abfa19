/**
 * The crawl target policy: which addresses a crawl is kept from, with reasons an analyst can act on, what the
 * setting opens, and how a start URL's name is judged by what it resolves to.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TargetPolicy } from '../../../../server/domain/crawl/target-policy.js';
import { mapLocalhostNames } from '../../../helpers/localhost-names.js';

const names = new Map<string, string>();
let unmap: () => void;
before(() => (unmap = mapLocalhostNames(names)));
after(() => unmap());

function policy(allow = false): TargetPolicy {
  const p = new TargetPolicy(() => allow);
  p.servesOn(4100);
  return p;
}

describe('TargetPolicy.refuse', () => {
  it('refuses link-local addresses on any port, naming the setting that allows them', () => {
    for (const ip of ['169.254.169.254', '::ffff:a9fe:a9fe', 'fe80::1', 'fd00:ec2::254']) {
      const why = policy().refuse(ip, 80);
      assert.match(why ?? '', /link-local address, where cloud machines serve their metadata/, ip);
      assert.match(why ?? '', /crawl_allow_restricted_addresses/);
    }
  });

  it("refuses this app's own port on loopback and on the unspecified address, and no other loopback port", () => {
    for (const ip of ['127.0.0.1', '127.0.0.2', '::1', '0.0.0.0', '::'])
      assert.match(policy().refuse(ip, 4100) ?? '', /this Siteloupe's own address/, ip);
    assert.equal(policy().refuse('127.0.0.1', 4101), null);
    assert.equal(policy().refuse('::1', 8080), null);
    assert.match(
      policy().refuse('0.0.0.0', 8080) ?? '',
      /unspecified address.*use 127\.0\.0\.1 or localhost/,
    );
  });

  it('keeps private and public addresses open', () => {
    for (const ip of ['10.0.0.1', '192.168.0.10', 'fd12::1', '93.184.216.34']) {
      assert.equal(policy().refuse(ip, 80), null, ip);
      assert.equal(policy().refuse(ip, 4100), null, `${ip} on the app's port number, another machine`);
    }
  });

  it('lets the setting open everything it closes', () => {
    for (const [ip, port] of [
      ['169.254.169.254', 80],
      ['127.0.0.1', 4100],
      ['0.0.0.0', 80],
    ] as const)
      assert.equal(policy(true).refuse(ip, port), null, ip);
  });
});

describe('TargetPolicy.check (a start URL)', () => {
  it('judges a literal, in URL spelling, on its port (the scheme’s default when none is given)', async () => {
    assert.match((await policy().check(new URL('http://[::ffff:a9fe:a9fe]/'))) ?? '', /link-local/);
    assert.match((await policy().check(new URL('http://127.0.0.1:4100/x'))) ?? '', /\[?127\.0\.0\.1\]?:4100/);
    assert.equal(await policy().check(new URL('http://127.0.0.1/')), null);
    const withDefault = new TargetPolicy(() => false);
    withDefault.servesOn(443);
    assert.match((await withDefault.check(new URL('https://127.0.0.1/'))) ?? '', /own address/);
  });

  it('resolves a name and refuses it when any of its addresses is refused', async () => {
    names.set('metadata.corp.test', '169.254.169.254');
    names.set('staging.corp.test', '10.1.2.3');
    assert.match(
      (await policy().check(new URL('http://metadata.corp.test/'))) ?? '',
      /^metadata\.corp\.test resolves to 169\.254\.169\.254: .*link-local/,
    );
    assert.equal(await policy().check(new URL('http://staging.corp.test/')), null);
    assert.match((await policy().check(new URL('http://localhost:4100/'))) ?? '', /own address/);
  });

  it('accepts a name that does not resolve: the crawl decides on each connection', async () => {
    assert.equal(await policy().check(new URL('http://nowhere.invalid/')), null);
  });
});
