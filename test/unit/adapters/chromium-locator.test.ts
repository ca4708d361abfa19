import assert from 'node:assert/strict';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

describe('locateChromium', () => {
  const fake = join(dir, 'chromium');
  writeFileSync(fake, '#!/bin/sh\n');
  chmodSync(fake, 0o755);

  it('prefers an explicit path, then CHROME_PATH', () => {
    assert.equal(locateChromium(fake, { PATH: '' }), fake);
    assert.equal(locateChromium(null, { PATH: '', CHROME_PATH: fake }), fake);
  });

  it('refuses an explicit path that is not an executable file', () => {
    assert.equal(locateChromium(join(dir, 'missing'), { PATH: dir }), null);
  });

  it('finds the usual binary names on PATH', () => {
    assert.equal(locateChromium(null, { PATH: `/nonexistent:${dir}` }), fake);
  });
});
