/** The token challenge `siteloupe mcp` puts to the server `server.json` names (server-proof.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proofMatches, serverProof } from '../../../../server/domain/system/server-proof.js';

const KEY = 'k'.repeat(43);
const NONCE = 'n0nce-n0nce-n0nce-n0nce';

describe('server proof', () => {
  it('matches only the answer made with the same token, pid and nonce', () => {
    const answer = serverProof(KEY, 4242, NONCE);
    assert.match(answer, /^[0-9a-f]{64}$/);
    assert.equal(proofMatches(KEY, 4242, NONCE, answer), true);
    assert.equal(proofMatches(`${KEY}x`, 4242, NONCE, answer), false, 'another token');
    assert.equal(proofMatches(KEY, 4243, NONCE, answer), false, 'another server relaying the challenge');
    assert.equal(proofMatches(KEY, 4242, `${NONCE}x`, answer), false, 'an answer to another nonce');
  });

  it('refuses what is not a proof, whatever its type or length', () => {
    for (const answer of [undefined, null, 42, '', 'ab', `${serverProof(KEY, 1, NONCE)}0`, { proof: 'x' }]) {
      assert.equal(proofMatches(KEY, 1, NONCE, answer), false, JSON.stringify(answer));
    }
  });
});
