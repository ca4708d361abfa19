/**
 * The page's `<img>` elements: the URL each shows and its `alt` attribute as written. A missing alt (`null`) and
 * an empty one (`""`) are told apart: `alt=""` marks a decorative image, which is correct HTML, while a missing
 * attribute leaves screen readers and image search with nothing (the audit's `image_missing_alt`). Screaming
 * Frog reports the two separately ("Missing Alt Attribute", "Missing Alt Text"); Siteloupe stores both and
 * reports only the first.
 */
import type { PageImage } from '../../store/repos/pages-repo.js';
import { collapseWhitespace } from './main-text.js';

/**
 * Per page: distinct image URLs kept, `<img>` elements looked at, and the longest URL and alt kept. A gallery
 * of thousands of thumbnails is cut; a URL longer than any browser sends is not an image anyone loads.
 */
export const IMAGE_LIMITS = { images: 500, elements: 2000, srcChars: 2048, altChars: 250 };

interface RawImage {
  src: string | undefined;
  /** `data-src`, where lazy-loading scripts keep the real URL while `src` holds a placeholder. */
  lazySrc: string | undefined;
  alt: string | undefined;
}

/** Gathers `<img>` attributes during the parsing pass; `resolveImages` turns them into `PageImage`s. */
export class ImageCollector {
  readonly raw: RawImage[] = [];

  add(attribs: Readonly<Record<string, string>>): void {
    if (this.raw.length >= IMAGE_LIMITS.elements) return;
    this.raw.push({ src: attribs.src, lazySrc: attribs['data-src'], alt: attribs.alt });
  }
}

/**
 * One entry per image URL, in document order: `src`, or `data-src` when `src` is missing or not http(s) (a
 * `data:` placeholder). An image whose URL is neither is not recorded. When the same URL appears several times,
 * a missing alt on any of them wins: each `<img>` is read on its own.
 */
export function resolveImages(
  raw: readonly RawImage[],
  resolve: (href: string) => string | null,
): PageImage[] {
  const byUrl = new Map<string, PageImage>();
  for (const r of raw) {
    const src = absolute(r.src, resolve) ?? absolute(r.lazySrc, resolve);
    if (src === null || src.length > IMAGE_LIMITS.srcChars) continue;
    const alt = r.alt === undefined ? null : collapseWhitespace(r.alt).slice(0, IMAGE_LIMITS.altChars);
    const seen = byUrl.get(src);
    if (seen !== undefined) {
      if (alt === null) seen.alt = null;
    } else if (byUrl.size < IMAGE_LIMITS.images) {
      byUrl.set(src, { src, alt });
    }
  }
  return [...byUrl.values()];
}

/** An empty `src` would resolve to the page itself: it names no image. */
function absolute(href: string | undefined, resolve: (href: string) => string | null): string | null {
  if (href === undefined || href.trim() === '') return null;
  return resolve(href);
}
