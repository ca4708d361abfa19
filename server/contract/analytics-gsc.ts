/** The Search Console routes of the `analytics` operations: the report, sync and import jobs, and credentials. */
import {
  GSC_UPLOAD_MAX_BYTES,
  GscCredentialsInfo,
  GscCredentialsInput,
  GscImportQuery,
  GscList,
  GscListQuery,
  GscSyncRequest,
} from '../schemas/gsc.js';
import { JOB_SCHEMAS } from '../schemas/jobs.js';

import { defineOperations } from './operation.js';

export const analyticsGscOperations = defineOperations({
  'analytics.gsc': {
    method: 'get',
    path: '/analytics/gsc',
    summary: 'Search Console clicks, impressions, CTR and position, filtered or grouped',
    description:
      'Without `group_by`, the stored rows: API rows have page, query and date; an imported export has separate totals per page, per query and per day (see `grain`). Grouped totals take each page, query or day from the API rows when there are any and from an imported total otherwise, never both. Filters on a dimension leave out the totals that lack it.',
    stability: 'stable',
    query: GscListQuery,
    responses: {
      200: { description: 'A page of rows or totals.', schema: GscList },
      404: { description: 'No such site.' },
    },
  },
  'analytics.gscSync': {
    method: 'post',
    path: '/analytics/gsc/sync',
    summary: 'Fetch a site’s Search Console data for a date range',
    description:
      'Calls `searchanalytics.query` by page, query and date a week at a time, paging by `startRow`; 429 and 5xx answers are retried with backoff. Rows are upserted, so syncing the same range again changes nothing. Needs stored credentials.',
    stability: 'internal',
    job: true,
    body: GscSyncRequest,
    responses: {
      202: { description: 'The queued sync job.', schema: JOB_SCHEMAS.gsc_sync },
      404: { description: 'No such site.' },
      409: { description: 'No credentials are stored, or a sync or import of this site is running.' },
    },
  },
  'analytics.gscImport': {
    method: 'post',
    path: '/analytics/gsc/import',
    summary: 'Import a Search Console performance export (zip or CSV)',
    description: `The body is the file itself: the zip from the Performance report's Export → Download ZIP, or one of its CSVs (Pages.csv, Queries.csv, Dates.csv). Countries, Devices, Search appearance and Filters are skipped. Up to ${GSC_UPLOAD_MAX_BYTES / 2 ** 20} MiB.`,
    stability: 'internal',
    job: true,
    query: GscImportQuery,
    upload: {
      mediaTypes: [
        'application/zip',
        'application/x-zip-compressed',
        'text/csv',
        'application/csv',
        'text/plain',
        'application/vnd.ms-excel',
        'application/octet-stream',
      ],
      maxBytes: GSC_UPLOAD_MAX_BYTES,
      description: 'a Search Console export, as a zip or CSV file',
    },
    responses: {
      202: { description: 'The queued import job.', schema: JOB_SCHEMAS.gsc_import },
      400: { description: 'The file is not a Search Console performance export.' },
      404: { description: 'No such site.' },
      409: { description: 'A sync or import of this site is running.' },
    },
  },
  'analytics.gscCredentials': {
    method: 'get',
    path: '/analytics/gsc/credentials',
    summary: 'Which Search Console credentials are stored (never the secrets)',
    stability: 'internal',
    responses: { 200: { description: 'Credential metadata.', schema: GscCredentialsInfo } },
  },
  'analytics.putGscCredentials': {
    method: 'put',
    path: '/analytics/gsc/credentials',
    summary: 'Store Search Console credentials',
    description:
      'A service account key file as Google Cloud downloads it (the account must be a user of the property), or an installed-app OAuth client with a refresh token `{ client_id, client_secret, refresh_token }`. Stored in the data dir readable by the owner only; the response shows metadata only.',
    stability: 'internal',
    body: GscCredentialsInput,
    responses: { 200: { description: 'What is now stored.', schema: GscCredentialsInfo } },
  },
  'analytics.deleteGscCredentials': {
    method: 'delete',
    path: '/analytics/gsc/credentials',
    summary: 'Forget the stored Search Console credentials',
    stability: 'internal',
    responses: { 204: { description: 'No credentials are stored now.' } },
  },
});
