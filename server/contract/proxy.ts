/**
 * `proxy` operations: `POST /proxy` runs one API call described as JSON, for workflow tools (n8n, Zapier, Make…)
 * that can only POST JSON to one URL.
 */
import { ProxyRequest } from '../schemas/proxy.js';
import { defineOperations } from './operation.js';

export const proxyOperations = defineOperations({
  'proxy.call': {
    method: 'post',
    path: '/proxy',
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
  },
});
