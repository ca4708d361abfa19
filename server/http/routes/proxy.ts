/**
 * `proxy` router: `POST /proxy` runs one API call described as JSON, for workflow tools (n8n, Zapier, Make…)
 * that can only POST JSON to one URL. The call is dispatched in-process through this same app, so it meets
 * the same guards, token, validation and errors as a direct call, and its answer is passed back as is.
 */
import type { RequestListener } from 'node:http';
import { proxyOperations } from '../../contract/proxy.js';
import { encodeProxyPath } from '../../schemas/proxy.js';
import { allowedMethods, defineRoutes, type RouteDef } from '../define-route.js';
import { dispatchInProcess } from '../in-process.js';
import { HttpProblem } from '../problem.js';
import { relayAnswer } from '../relay-answer.js';

/** Request headers that carry the caller's identity into the call. */
const IDENTITY_HEADERS = ['authorization', 'cookie'];

export function proxyRoutes(routes: () => RouteDef[]) {
  return defineRoutes(proxyOperations, {
    'proxy.call': {
      stream: async ({ body }, req, res) => {
        const path = encodeProxyPath(body.path);
        const pathname = path.split('?', 1)[0]!;
        if (!allowedMethods(routes(), pathname).length) {
          throw new HttpProblem(
            'not-found',
            `No API route at ${pathname}; the proxy calls only the routes listed in /openapi.json.`,
          );
        }
        const headers: Record<string, string> = { host: req.headers.host ?? '' };
        for (const name of IDENTITY_HEADERS) {
          const value = req.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        let payload: Buffer | undefined;
        if (body.body !== undefined) {
          payload = Buffer.from(JSON.stringify(body.body));
          headers['content-type'] = 'application/json';
        }
        const answer = dispatchInProcess(req.app as unknown as RequestListener, {
          method: body.method,
          path,
          headers,
          body: payload,
          localPort: req.socket.localPort,
        });
        await relayAnswer(answer, res, req.path);
      },
    },
  });
}
