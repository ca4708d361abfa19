/**
 * Where a reader takes the next Search Console step, for messages with two readers: job failures and refusals
 * reach API clients as problem details, and the app shows the same text in Analytics → Search Console. Each hint
 * names the place in the app and the API call, so one sentence reads well in both.
 */
const APP = 'in the app: Analytics → Search Console';

/** Storing credentials for the first time (the tab shows a Connect form while none are stored). */
export const CONNECT_HINT = `(${APP} → Connect; API: PUT /analytics/gsc/credentials)`;
/** Storing other credentials in place of stored ones Google refuses. */
export const REPLACE_HINT = `(${APP} → Replace credentials; API: PUT /analytics/gsc/credentials)`;
export const IMPORT_HINT = `(${APP} → Or import an export; API: POST /analytics/gsc/import)`;
export const SYNC_HINT = `(${APP} → Sync from Google; API: POST /analytics/gsc/sync)`;
