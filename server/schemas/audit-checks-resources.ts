/**
 * The audit's checks over what the crawl fetched besides pages (#35): the images, stylesheets, scripts and fonts
 * pages load, and the external URLs they link to (docs/crawler.md, "Resources and external links"). Each lists
 * the page that uses the resource, as `broken_internal_link` does, with the resource's URL, status and size.
 */
import { check } from './audit-check-def.js';

export const RESOURCE_CHECKS = {
  image_broken: check({
    category: 'images',
    severity: 'issue',
    priority: 'high',
    title: 'Page shows a broken image',
    description:
      'An image the page loads (`<img>`, a `srcset` candidate, `<picture>`, a video poster or an icon) answers 4xx, 5xx or not at all: visitors see a gap or a broken-image icon, and image search has nothing to index. Fix the file or the URL, or remove the reference. The evidence lists the page’s broken images with the status each answered.',
    evidence: 'page_resources',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  resource_broken: check({
    category: 'resources',
    severity: 'issue',
    priority: 'high',
    title: 'Page loads a broken stylesheet, script or font',
    description:
      'A stylesheet, script or font the page loads answers 4xx, 5xx or not at all: the page renders unstyled, a feature stops working, or text falls back to another font — and Google renders the page the same way. Fix the file or the URL, or remove the reference. The evidence lists each broken resource, what it is loaded as and the status it answered.',
    evidence: 'page_resources',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  image_too_large: check({
    category: 'images',
    severity: 'warning',
    priority: 'medium',
    title: 'Page loads an image over the size budget',
    description:
      'An image the page loads is larger than the budget: it slows the page, most on mobile, and weighs on Largest Contentful Paint. Resize it to the size it is shown at, compress it, or serve WebP/AVIF through `srcset`. The evidence lists each image over the budget with its size in bytes (from Content-Length, or counted).',
    evidence: 'page_resources',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_image_max_bytes'],
  }),
  mixed_content: check({
    category: 'security',
    severity: 'issue',
    priority: 'high',
    title: 'HTTPS page loads a resource over plain HTTP',
    description:
      'An HTTPS page loads an image, stylesheet, script, font or iframe from an http:// URL. Browsers block active mixed content (scripts, stylesheets, iframes) outright and mark the page not secure for the rest, and the resource can be read or changed on the way. Serve the resource over HTTPS and change its URL. The evidence lists each http:// resource the page loads.',
    evidence: 'page_resources',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  external_link_broken: check({
    category: 'external_links',
    severity: 'warning',
    priority: 'medium',
    title: 'Page links to a broken external URL',
    description:
      'A link to another site answers 4xx, 5xx or not at all (checked with HEAD, then GET where HEAD is refused): visitors hit a dead end, and a page with many dead links reads as neglected. Update the link to where the content moved, or remove it. The evidence lists each broken link with its status or error and anchor text. When no external host answered during the crawl (an offline computer), nothing is listed and the crawl says so.',
    evidence: 'link_targets',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
} as const;
