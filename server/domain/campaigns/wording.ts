/**
 * Plain-words pieces for target rationales: page names, lists, numbers and Search Console figures, written the
 * same way in every sentence. Numbers are formatted here (not by the locale) so a rationale is the same on
 * every machine.
 */
import type { GscFigures } from '../../schemas/targets.js';

/**
 * A page as a reader knows it: its main heading in quotes (titles usually end in the site's name, which says
 * nothing here), else its title, else its path.
 */
export type PageNaming = { title: string | null; h1?: string | null; url: string };

export function pageName(p: PageNaming): string {
  const title = headingOf(p);
  return title ? `“${title}”` : pathOf(p);
}

/**
 * What a page is about, in its own words: the name {@link pageName} gives it, without the quotes. The title of
 * a target about the page wraps this in the kind's wording, and de-duplication compares only this part.
 */
export function pageSubject(p: PageNaming): string {
  return headingOf(p) || pathOf(p);
}

const headingOf = (p: PageNaming) => p.h1?.trim() || p.title?.trim() || '';

function pathOf(p: PageNaming): string {
  try {
    return new URL(p.url).pathname;
  } catch {
    return p.url || 'a page that is gone';
  }
}

/**
 * Names for pages mentioned together: a page whose name another one shares (an article and its printer-friendly
 * copy often have the same heading) gets its path added, so a reader can tell them apart.
 */
export function pageNamer(
  pages: (PageNaming & { id: number })[],
): (p: PageNaming & { id: number }) => string {
  const counts = new Map<string, Set<number>>();
  for (const p of pages) {
    const name = pageName(p);
    counts.set(name, (counts.get(name) ?? new Set()).add(p.id));
  }
  return (p) => {
    const name = pageName(p);
    if ((counts.get(name)?.size ?? 0) < 2) return name;
    try {
      return `${name} (${new URL(p.url).pathname})`;
    } catch {
      return name;
    }
  };
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
export function listOf(items: string[], max = 3): string {
  if (items.length === 0) return '';
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
}

/** 1234567 → "1,234,567"; fractions to one decimal. */
export function num(n: number): string {
  const rounded = Number.isInteger(n) ? n : Math.round(n * 10) / 10;
  const [int, frac] = String(Math.abs(rounded)).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '−' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

export const pct = (x: number) => `${Math.round(x * 100)}%`;

export const plural = (n: number, one: string, many = `${one}s`) => `${num(n)} ${n === 1 ? one : many}`;

export const twoDecimals = (x: number) => x.toFixed(2);

/** "120 clicks from 4,300 impressions, average position 8.2". */
export function gscPhrase(f: GscFigures): string {
  return `${plural(f.clicks, 'click')} from ${plural(f.impressions, 'impression')}, average position ${num(f.position)}`;
}

/** Sentence case for a topic or query used as a title: first letter up, the rest as the analyst wrote it. */
export function asTitle(topic: string): string {
  const t = topic.trim().replace(/\s+/g, ' ');
  return t.charAt(0).toLocaleUpperCase('en') + t.slice(1);
}
