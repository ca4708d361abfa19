/** `export` router: the list of exports and the streamed files. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../../domain/services.js';
import { contentDisposition } from '../../domain/export/export-file-name.js';
import { defineRoutes } from '../define-route.js';
import { exportOperations } from '../../contract/export.js';

export function exportRoutes(s: Services) {
  return defineRoutes(exportOperations, {
    'export.list': () => s.exports.list(),
    'export.download': {
      stream: async ({ params, query }, _req, res) => {
        const file = await s.exports.openFor(params.name, params.format, query);
        res.status(200).set({
          'Content-Type': file.contentType,
          'Content-Disposition': contentDisposition(file.filename),
        });
        await pipeline(Readable.from(file.body), res);
      },
    },
  });
}
