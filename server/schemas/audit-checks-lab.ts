/**
 * The rendered audit's checks — Page experience in the lab: paint, layout shift, blocking time, weight (#36 §3). The SQL is in
 * store/views/audit-sql-lab.ts, the evidence shapes in audit-evidence-lab.ts.
 *
 * They read what the render probe measured of each rendered page under the crawl's lab profile
 * (adapters/render-probe-lab.ts; docs/page-experience.md): one load on this computer, not what visitors meet.
 * The thresholds are Google's "good" limits for the field metrics (LCP 2.5 s, CLS 0.1) and Lighthouse's for
 * total blocking time (300 ms): a page over them in the lab is very likely over them in the field, and the
 * evidence names what to fix. Pages that were not rendered, or rendered with lab metrics off, are not listed.
 */
import { check } from './audit-check-def.js';

export const LAB_CHECKS = {
  lcp_slow: check({
    category: 'performance',
    severity: 'warning',
    priority: 'high',
    title: 'Largest content paints late (lab LCP)',
    description:
      'The largest image or text block in the first screen painted later than the threshold after navigation started, measured in the lab (the crawl’s profile, one load). Visitors wait for it to see the page. The evidence names the element: for an image, serve it smaller and in a modern format, preload it, do not lazy-load it; for text, look at render-blocking stylesheets, scripts and web fonts. Lab figures are not Search Console’s Core Web Vitals.',
    evidence: 'lab_metric',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_lcp_ms'],
  }),
  cls_high: check({
    category: 'performance',
    severity: 'warning',
    priority: 'medium',
    title: 'Layout shifts while loading (lab CLS)',
    description:
      'Content moved after it was shown, with no input to cause it: a banner, an ad, an embed or an image without dimensions pushed it (the layout-shift score of the worst window, measured in the lab). Visitors lose their place or click the wrong thing. The evidence names the elements that moved; reserve space for what is inserted above them (width and height on images, a fixed-height slot for banners). Shifts after the page loaded and settled, or caused by scrolling and clicks, are not seen here.',
    evidence: 'lab_metric',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_cls'],
  }),
  tbt_high: check({
    category: 'performance',
    severity: 'warning',
    priority: 'medium',
    title: 'Scripts block the page (lab total blocking time)',
    description:
      'After the first paint, long tasks kept the main thread busy past 50 ms for longer in total than the threshold while the page loaded (total blocking time, measured in the lab). The page ignores taps and clicks meanwhile; in the field this shows as a slow INP. Split long scripts, defer what the first screen does not need, and drop unused third-party scripts.',
    evidence: 'lab_metric',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_tbt_ms'],
  }),
  page_weight_heavy: check({
    category: 'performance',
    severity: 'warning',
    priority: 'medium',
    title: 'Page downloads too much (lab page weight)',
    description:
      'Everything the page loaded while rendering — its HTML, stylesheets, scripts, images and fonts — came to more bytes than the threshold (video and audio are not loaded and not counted). Heavy pages are slow on mobile networks and cost visitors data. Compress and resize images, drop unused scripts and fonts; the Pages list shows each page’s weight and requests.',
    evidence: 'lab_metric',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_page_weight_bytes'],
  }),
} as const;
