/** Exports (`export` router). */
import { z } from 'zod';
import { Id, repeatable } from './common.js';
import { TargetStatus } from './targets.js';

/** Each export format with the media type its download is sent as. */
export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  gexf: 'application/gexf+xml; charset=utf-8',
  graphml: 'application/graphml+xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
} as const;
export type ExportFormat = keyof typeof EXPORT_CONTENT_TYPES;

export const ExportList = z
  .object({
    items: z.array(z.object({ name: z.string(), formats: z.array(z.string()), description: z.string() })),
  })
  .meta({ id: 'ExportList' });
export type ExportInfo = z.infer<typeof ExportList>['items'][number];
export const ExportParams = z.strictObject({
  name: z.string().min(1).max(64),
  format: z.string().min(1).max(16),
});
/** Site exports need `site_id`; `campaign-targets` needs `campaign_id` and may filter by `status`. */
export const ExportQuery = z.strictObject({
  site_id: Id.optional(),
  campaign_id: Id.optional(),
  status: repeatable(TargetStatus).optional(),
  from: Id.optional().meta({
    description: '`changes` only: the earlier crawl (default: the one before `to`).',
  }),
  to: Id.optional().meta({ description: '`changes` only: the later crawl (default: the latest).' }),
});
