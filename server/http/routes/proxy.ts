/**
 * `proxy` router: `POST /proxy` runs one API call described as JSON, for workflow tools (n8n, Zapier, Make…)
 * that can only POST JSON to one URL. The call is dispatched in-process through this same app, so it meets
 * the same guards, token, validation and errors as a direct call, and its answer is passed back as is.
 */
import type { RequestListener } from 'node:http';
import { encodeProxyPath, ProxyRequest } from '../../schemas/proxy.js';
import { allowedMethods, defineRoute, type RouteDef } from '../define-route.js';
import { dispatchInProcess } from '../in-process.js';
import { HttpProblem } from '../problem.js';
import { relayAnswer } from '../relay-answer.js';

/** Request headers that carry the caller's identity into the call. */
const IDENTITY_HEADERS = ['authorization', 'cookie'];

export function proxyRoutes(routes: () => RouteDef[]) {
  return [
    defineRoute({
      method: 'post',
      path: '/proxy',
      tag: 'proxy',
      operationId: 'proxy.call',
      summary: 'Call one API route described as JSON (for workflow tools)',
      description: [
        'Runs the call in-process exactly as a direct call: the same validation, token (the call carries this request’s `Authorization` header or cookie) and errors; the answer comes back as is — status, content type, body, and its `Location`, `Allow` and `Content-Disposition` headers.',
        'Reaches `stable` and `beta` routes. An `internal` route answers 403 `internal-route` unless the setting `proxy_allow_internal` is on.',
        'Refused with 400: absolute URLs, `.` and `..` segments, encoded slashes, `/proxy` itself (in any encoding), and `GET /events` — an event stream never ends, so subscribe to it directly. Exports stream through with their content type.',
        'The called route gets `body` as JSON, so a route that takes a file upload must be called directly. A path that is no API route (the UI’s files) answers 404. The proxy never calls another host.',
      ].join('\n\n'),
      stability: 'stable',
      body: ProxyRequest,
      responses: {
        200: {
          description: 'The called route’s answer, with its own content type.',
          contentType: '*/*',
        },
        403: { description: 'The route is internal (`internal-route`), or Host/Origin not allowed.' },
        404: { description: 'No API route at that path, or the called route’s own 404.' },
        default: {
          description:
            'Any other status the called route answers (201, 202, 204, 409, …), with its content type and body.',
          contentType: '*/*',
        },
      },
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
    }),
  ];
}
