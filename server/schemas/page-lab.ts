/**
 * Page experience in the lab (#36 §3): the figures the render probe (adapters/render-probe-lab.ts) measures of a
 * rendered page, as the crawl hands them to the store and as the API shows them. Lab figures of one load on
 * this computer under a fixed profile — never Search Console's Core Web Vitals (docs/page-experience.md).
 */
import { z } from 'zod';

/** The profiles a crawl measures under (adapters/render-probe-lab.ts `LAB_PROFILES`; docs/page-experience.md). */
export const LAB_PROFILE_NAMES = ['desktop', 'mobile'] as const;
export const LabProfileName = z.enum(LAB_PROFILE_NAMES);
export type LabProfileName = z.infer<typeof LabProfileName>;

/** An element as the page described it: untrusted text, bounded here again whatever the probe sent. */
export const LabElement = z
  .object({
    selector: z.string().transform((s) => s.slice(0, 200)),
    text: z.string().transform((s) => s.slice(0, 100)),
  })
  .meta({ id: 'LabElement' });
export type LabElement = z.infer<typeof LabElement>;

export const LabShift = LabElement.extend({
  value: z
    .number()
    .min(0)
    .meta({ description: 'The layout-shift score of the window’s entries it moved in.' }),
}).meta({ id: 'LabShift' });
export type LabShift = z.infer<typeof LabShift>;

/** One rendered page's lab figures (`record.observed.lab`, the `page_lab` row). */
export const LabFigures = z.object({
  profile: LabProfileName,
  /** Largest contentful paint, ms from navigation start; null when nothing contentful painted. */
  lcp_ms: z.number().int().min(0).nullable(),
  /** The LCP element: a short selector and its text (an image's alt text or file name). */
  lcp_element: LabElement.nullable(),
  /** Cumulative layout shift: the largest session window (web-vitals), shifts after input excluded. */
  cls: z.number().min(0),
  /** The elements that moved in that window, largest first (up to 5). */
  shifts: z.array(LabShift).max(5),
  /** Total blocking time: long tasks' time past 50 ms, from first contentful paint to the end of the load. */
  tbt_ms: z.number().int().min(0),
  /** Bytes over the wire: the document as the crawler received it plus what the page loaded. */
  transfer_bytes: z.number().int().min(0),
  /** Requests the page made, its document included. */
  requests: z.number().int().min(0),
  /** The load event had not fired when the probe stopped waiting: figures of a page still loading. */
  incomplete: z.boolean(),
});
export type LabFigures = z.infer<typeof LabFigures>;
