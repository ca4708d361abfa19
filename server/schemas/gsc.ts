/**
 * Search Console (`analytics` router): performance rows and their groupings, the sync request, and the
 * credentials a sync authenticates with. Credentials are accepted in the shapes Google hands out (a service
 * account's key file, or an installed-app OAuth client with its refresh token) and never sent back.
 */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf } from './common.js';

/**
 * Which dimensions a stored row has: `pqd` (page × query × date) from the API; `page`, `query`, `date` from the
 * Search Console UI export, which gives one total per page, per query and per day.
 */
export const GSC_GRAINS = ['pqd', 'page', 'query', 'date'] as const;
export type GscGrain = (typeof GSC_GRAINS)[number];

/** Search Console has no data before it existed, and years past 2100 are typos (or attempts to loop forever). */
const MIN_YEAR = 2000;
const MAX_YEAR = 2100;
/** Search Console keeps 16 months of performance data; a longer sync range could only fetch empty weeks. */
export const GSC_MAX_SYNC_DAYS = 487;
/** The largest Search Console export (zip or CSV) the import takes. */
export const GSC_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(s).toISOString().startsWith(s), {
    message: 'is not a calendar date',
    abort: true,
  })
  .refine(
    (s) => {
      const year = Number(s.slice(0, 4));
      return year >= MIN_YEAR && year <= MAX_YEAR;
    },
    { message: `must be a date in the years ${MIN_YEAR} to ${MAX_YEAR}` },
  )
  .meta({ example: '2026-01-31' });

export const GscRow = z
  .object({
    page_id: z.number().int().nullable(),
    url: z.string().nullable(),
    query: z.string().nullable(),
    date: z.string().nullable(),
    clicks: z.number(),
    impressions: z.number(),
    /** clicks / impressions (0–1). */
    ctr: z.number(),
    /** Average position, weighted by impressions when rows are grouped. */
    position: z.number(),
    grain: z.enum(GSC_GRAINS).meta({
      description:
        'Where the figures come from: `pqd` = API rows (page × query × date), `page`/`query`/`date` = an imported UI export total.',
    }),
  })
  .meta({ id: 'GscRow' });
export type GscRow = z.infer<typeof GscRow>;

export const GscGroupBy = z.enum(['page', 'query', 'date']);
export type GscGroupBy = z.infer<typeof GscGroupBy>;

export const GscListQuery = PaginationQuery.extend({
  site_id: Id,
  page_id: Id.optional(),
  query: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: 'Substring of the search query (case-insensitive).' }),
  date_from: IsoDate.optional(),
  date_to: IsoDate.optional(),
  group_by: GscGroupBy.optional().meta({
    description:
      'Totals per page or query (most clicks first) or per day (oldest first); without it, the stored rows.',
  }),
});
export type GscListQuery = z.infer<typeof GscListQuery>;
export const GscList = pageOf(GscRow);

export const GscSyncRequest = z
  .strictObject({
    site_id: Id,
    property: z.string().min(1).max(2048).meta({
      description:
        'The Search Console property: `sc-domain:example.com` or a URL prefix like `https://example.com/`.',
    }),
    date_from: IsoDate,
    date_to: IsoDate,
  })
  .refine((r) => r.date_from <= r.date_to, {
    message: 'must not be after date_to',
    path: ['date_from'],
  })
  .refine((r) => r.date_from > r.date_to || daysBetween(r.date_from, r.date_to) < GSC_MAX_SYNC_DAYS, {
    message: `must be within ${GSC_MAX_SYNC_DAYS} days of date_from (16 months, all the data Search Console keeps)`,
    path: ['date_to'],
  })
  .refine((r) => /^sc-domain:[^\s/]+$/.test(r.property) || /^https?:\/\/[^\s]+\/$/.test(r.property), {
    message: 'must be sc-domain:<domain> or a URL prefix ending in /',
    path: ['property'],
  })
  .meta({ id: 'GscSyncRequest' });
export type GscSyncRequest = z.infer<typeof GscSyncRequest>;

export const GscImportQuery = z.strictObject({
  site_id: Id,
  filename: z.string().min(1).max(255).optional().meta({
    description: 'The uploaded file’s name, used to tell a zip from a CSV when the type is generic.',
  }),
});
export type GscImportQuery = z.infer<typeof GscImportQuery>;

/** A service account's key file as Google Cloud downloads it; only the first five fields are used. */
export const GscServiceAccountKey = z.strictObject({
  type: z.literal('service_account'),
  client_email: z.string().email(),
  private_key: z.string().min(1).max(16_384),
  private_key_id: z.string().max(200).optional(),
  token_uri: z.string().max(2048).optional(),
  project_id: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  auth_uri: z.string().max(2048).optional(),
  auth_provider_x509_cert_url: z.string().max(2048).optional(),
  client_x509_cert_url: z.string().max(2048).optional(),
  universe_domain: z.string().max(200).optional(),
});
export type GscServiceAccountKey = z.infer<typeof GscServiceAccountKey>;

/** An installed-app OAuth client with the refresh token its consent gave (gcloud's `authorized_user` shape). */
export const GscOAuthToken = z.strictObject({
  type: z.literal('authorized_user'),
  client_id: z.string().min(1).max(500),
  client_secret: z.string().min(1).max(500),
  refresh_token: z.string().min(1).max(4096),
  quota_project_id: z.string().max(200).optional(),
  account: z.string().max(500).optional(),
  universe_domain: z.string().max(200).optional(),
});
export type GscOAuthToken = z.infer<typeof GscOAuthToken>;

/** A token pasted without `type` is taken as `authorized_user` when it has a refresh token. */
export const GscCredentialsInput = z
  .preprocess(
    (v) =>
      v && typeof v === 'object' && !('type' in v) && 'refresh_token' in v
        ? { ...v, type: 'authorized_user' }
        : v,
    z.discriminatedUnion('type', [GscServiceAccountKey, GscOAuthToken], {
      error:
        'must be a service account key file (type "service_account") or an OAuth token with client_id, client_secret and refresh_token',
    }),
  )
  .meta({ id: 'GscCredentialsInput' });
export type GscCredentialsInput = z.infer<typeof GscCredentialsInput>;

export const GscCredentialsInfo = z
  .object({
    configured: z.boolean(),
    type: z.enum(['service_account', 'oauth']).nullable(),
    client_email: z.string().nullable(),
    client_id: z.string().nullable(),
    stored_at: Timestamp.nullable(),
  })
  .meta({ id: 'GscCredentialsInfo', description: 'What credentials are stored; never the secrets.' });
export type GscCredentialsInfo = z.infer<typeof GscCredentialsInfo>;
