/** `export` operations: the list of exports and the streamed files. */
import { EXPORT_CONTENT_TYPES, ExportList, ExportParams, ExportQuery } from '../schemas/export.js';

import { defineOperations } from './operation.js';

export const exportOperations = defineOperations({
  'export.list': {
    method: 'get',
    path: '/export',
    summary: 'The exports and their formats',
    stability: 'stable',
    responses: { 200: { description: 'Exports.', schema: ExportList } },
  },
  'export.download': {
    method: 'get',
    path: '/export/{name}.{format}',
    summary: 'Download an export as a file (streamed)',
    description:
      'CSV cells that begin with = + - @ tab or carriage return are prefixed with an apostrophe. `report.html` is a self-contained site report (no scripts, no external requests); `report.pdf` is the same printed by Chromium and answers 503 when Chromium is not installed. Every export needs `site_id` except `campaign-targets`, which needs `campaign_id` and takes `status` (repeatable) as `GET /api/targets` does.',
    stability: 'stable',
    params: ExportParams,
    query: ExportQuery,
    responses: {
      200: {
        description: 'The file, as an attachment, in its format’s media type.',
        contentType: [...new Set(Object.values(EXPORT_CONTENT_TYPES).map((type) => type.split(';')[0]!))],
      },
      404: { description: 'Unknown export, format, site or campaign.' },
      503: { description: 'report.pdf needs Chromium, and none was found.' },
    },
  },
});
