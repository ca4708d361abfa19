/** `export` router: the list of exports and the streamed files. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../../domain/services.js';
import { ExportList, ExportParams, ExportQuery } from '../../schemas/export.js';
import { CONTENT_TYPES } from '../../domain/export/export-service.js';
import { defineRoute } from '../define-route.js';

export function exportRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/export',
      tag: 'export',
      operationId: 'export.list',
      summary: 'The exports and their formats',
      stability: 'stable',
      responses: { 200: { description: 'Exports.', schema: ExportList } },
      handler: () => s.exports.list(),
    }),
    defineRoute({
      method: 'get',
      path: '/export/{name}.{format}',
      tag: 'export',
      operationId: 'export.download',
      summary: 'Download an export as a file (streamed)',
      description:
        'CSV cells that begin with = + - @ tab or carriage return are prefixed with an apostrophe. `report.html` is a self-contained site report (no scripts, no external requests); `report.pdf` is the same printed by Chromium and answers 503 when Chromium is not installed. Every export needs `site_id` except `campaign-targets`, which needs `campaign_id` and takes `status` (repeatable) as `GET /api/targets` does.',
      stability: 'stable',
      params: ExportParams,
      query: ExportQuery,
      responses: {
        200: {
          description: 'The file, as an attachment, in its format’s media type.',
          contentType: [...new Set(Object.values(CONTENT_TYPES).map((type) => type.split(';')[0]!))],
        },
        404: { description: 'Unknown export, format, site or campaign.' },
        503: { description: 'report.pdf needs Chromium, and none was found.' },
      },
      stream: async ({ params, query }, _req, res) => {
        const file = await s.exports.openFor(params.name, params.format, query);
        res.status(200).set({
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${file.filename}"`,
        });
        await pipeline(Readable.from(file.body), res);
      },
    }),
  ];
}
