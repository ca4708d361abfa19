/**
 * A template's name, made of what its pages share, so an analyst recognises it without opening a page: the
 * directory nearly all of them sit in (`/blog/…`), the pattern of their titles (`… — Python 3.11.2
 * documentation`), the generator their head names (`DocBook XSL Stylesheets`), and for a variant its content
 * element (`div.refentry`). Pure; site-templates.ts gives it each template's pages.
 */

export interface LabelPage {
  url: string;
  title: string | null;
  generator: string | null;
}

/** A directory holds the template when this share of its pages sit in it. */
const DIRECTORY_SHARE = 0.9;
/** A title affix is the template's when this share of its titles have it. */
const TITLE_SHARE = 0.6;
/** A generator names the template when this share of its pages declare it. */
const GENERATOR_SHARE = 0.5;
const MAX_LABEL = 90;

/** Where a title's own words end and the site's begin: `Page — Site`, `Page | Site`, `Site: Page`. */
const SEPARATORS = [' — ', ' – ', ' | ', ' · ', ' :: ', ' - ', ': '];

/** The deepest directory (`/docs/api/`) that `DIRECTORY_SHARE` of the pages sit in, or null for the root. */
export function commonDirectory(urls: readonly string[]): string | null {
  const dirs = urls.map((u) => {
    let path: string;
    try {
      path = new URL(u).pathname;
    } catch {
      return [];
    }
    return path.split('/').slice(1, -1);
  });
  const need = Math.ceil(DIRECTORY_SHARE * urls.length);
  const prefix: string[] = [];
  for (let level = 0; ; level++) {
    const counts = new Map<string, number>();
    for (const d of dirs) {
      if (d.length <= level || d.slice(0, level).join('/') !== prefix.join('/')) continue;
      counts.set(d[level]!, (counts.get(d[level]!) ?? 0) + 1);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (!top || top[1] < need) break;
    prefix.push(top[0]);
  }
  return prefix.length ? `/${prefix.join('/')}/` : null;
}

/** The affix most titles share at a separator, as `… | Site` or `Site: …`; null when none is common enough. */
export function titlePattern(titles: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const raw of titles) {
    const title = raw?.trim();
    if (!title) continue;
    const seen = new Set<string>();
    for (const sep of SEPARATORS) {
      const last = title.lastIndexOf(sep);
      if (last > 0) seen.add(`…${sep}${title.slice(last + sep.length)}`);
      const first = title.indexOf(sep);
      if (first > 0) seen.add(`${title.slice(0, first)}${sep}…`);
    }
    for (const s of seen) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const need = Math.max(2, Math.ceil(TITLE_SHARE * titles.length));
  // The longest of the affixes shared widely enough: `… — Python 3.11.2 documentation` over `… documentation`.
  const best = [...counts]
    .filter(([, n]) => n >= need)
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))[0];
  return best ? best[0] : null;
}

/** The generator most pages declare, when enough do. */
export function commonGenerator(generators: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const g of generators) if (g) counts.set(g, (counts.get(g) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return top && top[1] >= GENERATOR_SHARE * generators.length ? top[0] : null;
}

const shorten = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s);

/** A layout's label: its directory, title pattern and generator, as many as it has (at least a fallback). */
export function layoutLabel(pages: readonly LabelPage[], fallback: string): string {
  const parts = [
    commonDirectory(pages.map((p) => p.url)),
    titlePattern(pages.map((p) => p.title)),
    commonGenerator(pages.map((p) => p.generator)),
  ].filter((p): p is string => p !== null);
  return shorten(parts.length ? parts.join(' · ') : fallback);
}

/**
 * A variant's label: its layout's, then its content element (the key's last step, or `body` when its text sits
 * in `<body>` itself), then what its pages share beyond the layout (a deeper directory, their own title pattern).
 */
export function variantLabel(key: string, pages: readonly LabelPage[], layout: readonly LabelPage[]): string {
  const content = key === '' ? 'body' : key.slice(key.lastIndexOf('>') + 1);
  const dir = commonDirectory(pages.map((p) => p.url));
  const title = titlePattern(pages.map((p) => p.title));
  const own = [
    dir !== commonDirectory(layout.map((p) => p.url)) ? dir : null,
    title !== titlePattern(layout.map((p) => p.title)) ? title : null,
  ].filter((p): p is string => p !== null);
  return shorten([content, ...own].join(' · '));
}
