/**
 * What axe-core found in one rendered page (#36 §2): the probe's result (adapters/render-probe-axe.ts), what the
 * crawl and the accessibility job store (`page_a11y_scans`, `page_a11y`) and what the audit's evidence quotes.
 * Everything in a node comes from the crawled page, so every string is bounded here, where it is parsed.
 */
import { z } from 'zod';

export const AXE_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
export const AxeImpact = z.enum(AXE_IMPACTS);
export type AxeImpact = z.infer<typeof AxeImpact>;

/** Failing elements kept per rule and page, and the lengths their texts are cut to. */
export const A11Y_LIMITS = { nodes: 10, target: 300, html: 200, summary: 400 } as const;

const bounded = (max: number) =>
  z.string().transform((s) => (s.length > max ? `${s.slice(0, max - 1)}…` : s));

export const A11yNode = z.object({
  target: bounded(A11Y_LIMITS.target),
  html: bounded(A11Y_LIMITS.html),
  summary: bounded(A11Y_LIMITS.summary),
});
export type A11yNode = z.infer<typeof A11yNode>;

export const A11yViolation = z.object({
  rule: z.string().max(100),
  impact: AxeImpact.nullable(),
  count: z.number().int().min(1),
  nodes: z.array(A11yNode).transform((n) => n.slice(0, A11Y_LIMITS.nodes)),
});
export type A11yViolation = z.infer<typeof A11yViolation>;

export const A11yScan = z.object({
  axe_version: z.string().max(40),
  best_practices: z.boolean(),
  /** Time axe took in the page (injection included). */
  ms: z.number().int().min(0),
  violations: z.array(A11yViolation).max(500),
});
export type A11yScan = z.infer<typeof A11yScan>;

/** What starting the accessibility job may say (`POST /sites/{site_id}/audit/accessibility`). */
export const A11yCheckStart = z
  .strictObject({
    best_practices: z.boolean().optional().meta({
      description:
        'Run axe-core’s best practices too; the site’s `accessibility_best_practices` when absent.',
    }),
  })
  .meta({ id: 'AccessibilityCheckStart' });
export type A11yCheckStart = z.infer<typeof A11yCheckStart>;
