/**
 * What a rendered page's axe-core probe (adapters/render-probe-axe.ts) left in its record, as the crawl writer
 * stores it: the scan, or null when the page was not checked (not rendered, checks off, or axe failed in it).
 */
import { AXE_PROBE } from '../../adapters/render-probe-axe.js';
import type { RenderObservations } from '../../adapters/render-probe.js';
import { A11yScan } from '../../schemas/a11y-scan.js';

export function a11yScan(observed: RenderObservations | undefined): A11yScan | null {
  const found = observed?.[AXE_PROBE];
  if (found === undefined) return null;
  // The probe parsed it already; parsing again costs microseconds and keeps the writer's input typed.
  const scan = A11yScan.safeParse(found);
  return scan.success ? scan.data : null;
}
