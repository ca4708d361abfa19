/**
 * What an exported file is called: the site's name as the user gave it (made safe for every file system), what
 * the file holds, and the day it was exported, e.g. `postgres-manual-pages-2026-11-28.xlsx`. A folder of exports
 * from several sites, or of one site over weeks, then sorts and reads without opening a file; the host
 * (`127.0.0.1-pages.xlsx`) told neither which site nor when, and every local site shared it.
 */

/** Longest name part kept from a site's name, so a file name stays far below the 255 bytes file systems allow. */
const MAX_NAME = 60;

/**
 * A name as a file name part: lower case, accents dropped, every run of characters other than letters, digits,
 * dots and underscores one hyphen (so `docs.python.org` stays as it reads), trimmed, at most 60 characters. Letters of any script are kept (the Content-Disposition carries them as
 * UTF-8). Empty when the name has no letter or digit.
 */
export function fileStem(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._]+/gu, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
  return [...slug]
    .slice(0, MAX_NAME)
    .join('')
    .replace(/[-._]+$/, '');
}

/** A site's name as a file name part, or its host when the name has no letter or digit. */
export const siteFileStem = (site: { name: string; start_url: string }): string =>
  fileStem(site.name) || new URL(site.start_url).hostname.replace(/[^a-z0-9.-]/gi, '_');

/** The local calendar day of `at` as YYYY-MM-DD: the day the analyst exported the file on their machine. */
export function fileDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** `<site>-<what>-<day>.<format>`. */
export function exportFileName(
  site: { name: string; start_url: string },
  what: string,
  format: string,
  at: Date = new Date(),
): string {
  return `${siteFileStem(site)}-${what}-${fileDate(at)}.${format}`;
}

/**
 * `Content-Disposition` for a download named `filename`: the name as ASCII in `filename` (characters outside it
 * become `_`, for clients that read nothing else) and, when it has any, in full as UTF-8 in `filename*`
 * (RFC 6266, RFC 8187), which browsers prefer.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === filename) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
