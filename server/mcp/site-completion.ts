/**
 * Completion of a site argument for MCP clients that offer it (a prompt's `site`, a resource template's
 * `site_id`): the sites whose id, name or start URL starts with or contains what was typed, through the API's own
 * list. A prompt takes an id or a start URL, so both are offered there; a URI takes ids only.
 */
import type { CallAnswer } from '../contract/index.js';
import { readCall, type Read } from './api-reader.js';
import type { Dispatch } from './tool-call.js';

/** The spec's cap on completion values. */
const MAX_VALUES = 100;

export async function completeSite(dispatch: Dispatch, typed: string, argument: 'site' | 'site_id') {
  const needle = typed.trim().toLowerCase();
  const matches: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Read<CallAnswer<'sites.list'>> = await readCall(dispatch, 'sites.list', {
      limit: 100,
      cursor: cursor ?? undefined,
    });
    if (!page.ok) return [];
    for (const s of page.value.items) {
      const id = String(s.id);
      const hit = [id, s.name.toLowerCase(), s.start_url.toLowerCase()].some((v) => v.includes(needle));
      if (!hit) continue;
      if (argument === 'site_id' || id.startsWith(needle)) matches.push(id);
      else matches.push(s.start_url);
    }
    cursor = page.value.next_cursor;
  } while (cursor && matches.length < MAX_VALUES);
  return matches.slice(0, MAX_VALUES);
}
