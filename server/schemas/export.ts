/** Exports (`export` router). */
import { z } from 'zod';
import { Id, repeatable } from './common.js';
import { FindingListQuery, IssueParams } from './audit.js';
import { ChangesQuery } from './history.js';
import { PageFilterFields, PageSort, withExtractFilters } from './pages.js';
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
/** The export columns a filtered export keeps, in their order (`pages`, `issue-urls` with `check`). */
export const ExportColumns = repeatable(z.string().min(1).max(80)).meta({
  description:
    'The columns to export, in order (comma-separated or repeated): any of the export’s own; an unknown one is a 400 listing them. Default: every column.',
});

/**
 * An export's query: its scope (`site_id`, or `campaign_id` for `campaign-targets`) and the parameters of the
 * list the export writes out, taken from that list's own schema so an export is exactly what the list shows:
 * `changes` takes `GET /sites/{id}/changes`'s crawls and kinds, `pages` `GET /pages`'s filters and sort,
 * `issue-urls` one check's URLs as `GET /sites/{id}/issues/{check}/urls` lists them. A parameter of another
 * export's list is a 400.
 */
export const ExportFields = z.object({
  site_id: Id.optional(),
  campaign_id: Id.optional(),
  status: repeatable(TargetStatus).optional(),
  ...ChangesQuery.pick({ from: true, to: true, change: true }).shape,
  ...PageFilterFields.omit({ site_id: true, sort: true }).shape,
  sort: PageSort.optional(),
  check: IssueParams.shape.check.optional().meta({
    description: '`issue-urls` only: export that check’s URLs, one column per field of its evidence.',
  }),
  in_template: FindingListQuery.shape.in_template,
  columns: ExportColumns.optional(),
});
export const ExportQuery = withExtractFilters(ExportFields);
export type ExportQuery = z.infer<typeof ExportFields> & Record<`extract.${string}`, string>;
