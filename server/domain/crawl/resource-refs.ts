/**
 * What a page makes the browser load besides itself (docs/crawler.md, "Resources and external links"): images
 * (`<img src>`, every `srcset` candidate, `<picture><source srcset>`, `<video poster>`, icons, preloaded images),
 * stylesheets, scripts, fonts (preloaded ones: CSS is not parsed, so `@font-face` URLs stay unknown) and iframes
 * (only for mixed content: an iframe is a page, not fetched as a resource). Gathered in the crawl's one parsing
 * pass (page-collector.ts calls `open` for every element), resolved once the document's `<base>` is known. The
 * crawl fetches each distinct URL once (resource-checker.ts); the audit lists the pages that use a broken, large
 * or insecure one.
 */

export const RESOURCE_KINDS = ['image', 'stylesheet', 'script', 'font', 'iframe'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** One thing a page loads: an absolute http(s) URL (fragment dropped) and what it is loaded as. */
export interface ResourceRef {
  url: string;
  kind: ResourceKind;
}

/**
 * Per page: elements looked at and distinct references kept, and the longest URL kept. A gallery of thousands
 * of thumbnails, each with a five-candidate srcset, is cut at 500 references rather than filling the table.
 */
export const RESOURCE_LIMITS = { elements: 3000, refs: 500, urlChars: 2048 };

interface RawRef {
  href: string;
  kind: ResourceKind;
}

const PRELOAD_KINDS: Readonly<Record<string, ResourceKind>> = {
  image: 'image',
  font: 'font',
  script: 'script',
  style: 'stylesheet',
};

/**
 * The URLs of a `srcset`, as the HTML standard splits it: each candidate is a URL (a run without whitespace,
 * which may hold commas, as a CDN's `w_100,h_100` does) and optional descriptors (`480w`, `2x`) up to a comma.
 */
export function srcsetUrls(srcset: string): string[] {
  const out: string[] = [];
  const n = srcset.length;
  let i = 0;
  const space = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n) {
    while (i < n && (space(srcset[i]!) || srcset[i] === ',')) i++;
    const start = i;
    while (i < n && !space(srcset[i]!)) i++;
    let url = srcset.slice(start, i);
    if (url.endsWith(',')) {
      // A loop, not /,+$/: that regex is quadratic on a long run of commas inside the URL (a hostile srcset).
      let end = url.length;
      while (end > 0 && url.charCodeAt(end - 1) === 0x2c) end--;
      url = url.slice(0, end);
    } else {
      // Descriptors run to the next comma outside parentheses.
      let depth = 0;
      while (i < n && (srcset[i] !== ',' || depth > 0)) {
        if (srcset[i] === '(') depth++;
        else if (srcset[i] === ')') depth = Math.max(0, depth - 1);
        i++;
      }
    }
    if (url) out.push(url);
  }
  return out;
}

/** Gathers references during the parsing pass, as written; `resolveResourceRefs` makes them absolute. */
export class ResourceRefCollector {
  readonly raw: RawRef[] = [];
  private elements = 0;

  open(name: string, attribs: Readonly<Record<string, string>>): void {
    switch (name) {
      case 'img':
        {
          // A lazy-loading placeholder (`data:` GIF) in src leaves the real URL in data-src.
          const src = attribs.src?.trim();
          this.add(src && !/^data:/i.test(src) ? src : attribs['data-src'], 'image');
        }
        if (attribs.srcset) for (const u of srcsetUrls(attribs.srcset)) this.add(u, 'image');
        return;
      case 'source':
        // `<picture><source srcset>` is an image; `<video><source src>` is media, which the audit does not check.
        if (attribs.srcset) for (const u of srcsetUrls(attribs.srcset)) this.add(u, 'image');
        return;
      case 'video':
        this.add(attribs.poster, 'image');
        return;
      case 'script':
        this.add(attribs.src, 'script');
        return;
      case 'iframe':
        this.add(attribs.src, 'iframe');
        return;
      case 'link':
        this.link(attribs);
        return;
      default:
    }
  }

  private link(attribs: Readonly<Record<string, string>>): void {
    const rel = ` ${(attribs.rel ?? '').toLowerCase().replace(/\s+/g, ' ')} `;
    if (rel.includes(' stylesheet ') && !rel.includes(' alternate ')) this.add(attribs.href, 'stylesheet');
    else if (rel.includes(' icon ') || rel.includes(' apple-touch-icon ')) this.add(attribs.href, 'image');
    else if (rel.includes(' preload ') || rel.includes(' modulepreload ')) {
      const kind = rel.includes(' modulepreload ')
        ? 'script'
        : PRELOAD_KINDS[(attribs.as ?? '').toLowerCase()];
      if (kind) this.add(attribs.href, kind);
    }
  }

  private add(href: string | undefined, kind: ResourceKind): void {
    if (href === undefined || this.elements >= RESOURCE_LIMITS.elements) return;
    const trimmed = href.trim();
    // An empty URL resolves to the page itself; a data: URL loads nothing.
    if (trimmed === '' || /^data:/i.test(trimmed)) return;
    this.elements++;
    this.raw.push({ href: trimmed, kind });
  }
}

/** One reference per URL and kind, in document order; URLs that are not http(s) or too long are dropped. */
export function resolveResourceRefs(
  raw: readonly RawRef[],
  resolve: (href: string) => string | null,
): ResourceRef[] {
  const seen = new Set<string>();
  const out: ResourceRef[] = [];
  for (const r of raw) {
    const abs = resolve(r.href);
    if (abs === null) continue;
    const hash = abs.indexOf('#');
    const url = hash >= 0 ? abs.slice(0, hash) : abs;
    if (url.length > RESOURCE_LIMITS.urlChars) continue;
    const key = `${r.kind} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ url, kind: r.kind });
    if (out.length >= RESOURCE_LIMITS.refs) break;
  }
  return out;
}
