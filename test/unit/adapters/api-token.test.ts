import assert from 'node:assert/strict';
import { chmodSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { TOKEN_FILE, loadOrCreateToken } from '../../../server/adapters/api-token.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

describe('API token file', () => {
  it('is created with mode 0600 and reused on the next start', () => {
    const token = loadOrCreateToken(dir);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const file = join(dir, TOKEN_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(readFileSync(file, 'utf8').trim(), token);
    assert.equal(loadOrCreateToken(dir), token);
  });

  it('tightens permissions that were loosened', () => {
    const file = join(dir, TOKEN_FILE);
    chmodSync(file, 0o644);
    loadOrCreateToken(dir);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });
});
