/**
 * A rendered page's lab figures as the store keeps them (#36 §3): what the lab probe found (`record.observed.lab`,
 * parsed at this edge, since a probe's result is whatever the tab handed back), with the document's own bytes
 * added. The tab answered the document from the crawler's body, so the browser never fetched it; the crawler's
 * count is of decoded bytes, which overstates a compressed HTML page by its compression (tens of KB on a
 * typical page, against a 3 MB threshold) and is the only count there is.
 */
import { LabFigures } from '../../schemas/page-lab.js';
import type { PageRecord } from './page-builder.js';

/** The adapters' probe name (render-probe-lab.ts `LAB_PROBE`), the key of its result in `observed`. */
const LAB_PROBE = 'lab';

export function labFigures(record: PageRecord): LabFigures | null {
  const found = record.observed?.[LAB_PROBE];
  if (found === undefined) return null;
  const parsed = LabFigures.safeParse(found);
  if (!parsed.success) return null;
  return { ...parsed.data, transfer_bytes: parsed.data.transfer_bytes + (record.page.bytes ?? 0) };
}
