/** The proxy allowlist reads each route's own definition: stability, event streams, and the proxy itself. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROXY_STABILITIES, proxyRefusal } from '../../../server/http/proxy-gate.js';
import { routeDef as route } from '../../helpers/route-def.js';

describe('proxyRefusal', () => {
  it('lets stable and beta routes through', () => {
    assert.deepEqual([...PROXY_STABILITIES], ['stable', 'beta']);
    for (const stability of PROXY_STABILITIES) assert.equal(proxyRefusal(route({ stability }), false), null);
  });

  it('refuses internal routes with internal-route unless the setting allows them', () => {
    const internal = route({ stability: 'internal', method: 'delete', path: '/things/{id}' });
    const refusal = proxyRefusal(internal, false);
    assert.equal(refusal?.kind, 'internal-route');
    assert.match(refusal!.detail, /DELETE \/things\/\{id\}.*proxy_allow_internal/);
    assert.equal(proxyRefusal(internal, true), null);
  });

  it('refuses event streams and the proxy itself whatever the setting', () => {
    const sse = route({ responses: { 200: { description: 'Events.', contentType: 'text/event-stream' } } });
    const self = route({ method: 'post', path: '/proxy', tag: 'proxy', operationId: 'proxy.call' });
    for (const allow of [false, true]) {
      assert.equal(proxyRefusal(sse, allow)?.kind, 'validation');
      assert.equal(proxyRefusal(self, allow)?.kind, 'validation');
    }
  });
});
