/**
 * `--site` as a person types it: the id, the name the app and the other commands show, or the URL. A name can be
 * shared by two sites (names are free text) and a URL by none; both answer with the sites to choose from rather
 * than a guess, so a script never exports the wrong site's data.
 */
import type { SitesService } from '../domain/sites/sites-service.js';
import { Cursor, type CursorKey } from '../schemas/common.js';
import type { Site } from '../schemas/sites.js';

type SiteRef = Pick<Site, 'id' | 'name' | 'start_url' | 'origin'>;

/** Why `--site` named no single site; the message lists the sites to pick from. */
export class SiteArgError extends Error {}

const fold = (s: string) => s.trim().toLocaleLowerCase('en-US');

function parsedUrl(arg: string): URL | null {
  if (!/^https?:\/\//i.test(arg)) return null;
  try {
    return new URL(arg);
  } catch {
    return null;
  }
}

/** The host as a user types it (`docs.example.com`, `127.0.0.1:8080`), lower-cased, or null for other text. */
function bareHost(arg: string): string | null {
  if (!/^[\w.-]+(:\d+)?\/?$/.test(arg.trim())) return null;
  try {
    return new URL(`http://${arg.trim()}`).host;
  } catch {
    return null;
  }
}

/**
 * The one site `arg` names, tried in this order: an id (digits), a start URL (exactly, then by origin when only
 * one site has it), a name (case-insensitive), a host. `where` says which data dir was searched.
 */
export function resolveSiteArg<S extends SiteRef>(sites: readonly S[], arg: string, where: string): S {
  const text = arg.trim();
  const one = (found: S[], how: string): S | null => {
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      throw new SiteArgError(
        `${how} "${text}" matches ${found.length} sites; pass one's id with --site:\n${table(found)}`,
      );
    }
    return null;
  };

  if (/^\d+$/.test(text)) {
    const byId = sites.find((s) => s.id === Number(text));
    if (byId) return byId;
  }
  const url = parsedUrl(text);
  if (url) {
    const found =
      one(
        sites.filter((s) => s.start_url === url.href),
        'the URL',
      ) ??
      one(
        sites.filter((s) => s.origin === url.origin),
        'the URL',
      );
    if (found) return found;
  } else {
    const found = one(
      sites.filter((s) => fold(s.name) === fold(text)),
      'the name',
    );
    if (found) return found;
    const host = bareHost(text);
    const byHost = host
      ? one(
          sites.filter((s) => new URL(s.start_url).host === host),
          'the host',
        )
      : null;
    if (byHost) return byHost;
  }

  if (sites.length === 0) {
    throw new SiteArgError(
      `no site "${text}" in ${where}: it has no sites yet. Crawl one with siteloupe crawl <url>.`,
    );
  }
  throw new SiteArgError(
    `no site "${text}" in ${where}. Pass an id, a name or a start URL of one of these:\n${table(sites)}`,
  );
}

/** Sites as aligned lines: id, name, start URL. */
function table(sites: readonly SiteRef[]): string {
  const idWidth = Math.max(...sites.map((s) => String(s.id).length));
  const nameWidth = Math.min(40, Math.max(...sites.map((s) => s.name.length)));
  return sites
    .map((s) => `  ${String(s.id).padStart(idWidth)}  ${s.name.padEnd(nameWidth)}  ${s.start_url}`)
    .join('\n');
}

/** Every site of the data dir, page by page (a command must not miss the 1,001st). */
export function listAllSites(sites: Pick<SitesService, 'list'>): Site[] {
  const all: Site[] = [];
  let cursor: CursorKey | undefined;
  do {
    const page = sites.list({ limit: 1000, cursor });
    all.push(...page.items);
    cursor = page.next_cursor ? Cursor.parse(page.next_cursor) : undefined;
  } while (cursor);
  return all;
}
