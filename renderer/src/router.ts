/**
 * A small hash router: the server serves one page at `/`, and `#/sites/3/pages?q=blog` names a view and its
 * state, so reload, back/forward and links (including from the Electron menu) all work without a router
 * package. Routes are matched in order by their pattern.
 */
import { useEffect, useState } from 'react';

export type Route =
  | { view: 'sites' }
  | { view: 'overview'; siteId: number }
  | { view: 'issues'; siteId: number }
  /** One audit check's URLs; `check` is as the address says, checked against the site's issues by the view. */
  | { view: 'issue'; siteId: number; check: string }
  /** What changed between two crawls; which two, and the kinds shown, are in the query (`from`, `to`, `change`). */
  | { view: 'changes'; siteId: number }
  | { view: 'pages'; siteId: number }
  | { view: 'page'; siteId: number; pageId: number }
  | { view: 'graph'; siteId: number }
  | { view: 'similarity'; siteId: number }
  | { view: 'search'; siteId: number }
  | { view: 'analytics'; siteId: number }
  | { view: 'exports'; siteId: number }
  | { view: 'campaigns'; hubClient?: string }
  | { view: 'campaign'; campaignId: number }
  | { view: 'not-found'; path: string };

export type SiteView =
  'overview' | 'issues' | 'changes' | 'pages' | 'graph' | 'similarity' | 'search' | 'analytics' | 'exports';

const SITE_VIEWS: SiteView[] = [
  'issues',
  'changes',
  'pages',
  'graph',
  'similarity',
  'search',
  'analytics',
  'exports',
];

export function parseHash(hash: string): { route: Route; params: URLSearchParams } {
  const raw = hash.replace(/^#/, '') || '/';
  const [pathPart, queryPart] = raw.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(queryPart ?? '');
  const parts = pathPart.split('/').filter(Boolean);
  const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
  const route = ((): Route => {
    if (parts.length === 0) return { view: 'sites' };
    if (parts[0] === 'sites') {
      const siteId = num(parts[1]);
      if (siteId === undefined) return parts.length === 1 ? { view: 'sites' } : notFound();
      if (parts.length === 2) return { view: 'overview', siteId };
      if (parts[2] === 'pages' && parts.length === 4) {
        const pageId = num(parts[3]);
        return pageId === undefined ? notFound() : { view: 'page', siteId, pageId };
      }
      if (parts[2] === 'issues' && parts.length === 4) {
        const check = parts[3]!;
        return /^[a-z0-9_]+$/.test(check) ? { view: 'issue', siteId, check } : notFound();
      }
      const view = SITE_VIEWS.find((v) => v === parts[2]);
      if (view && parts.length === 3) return { view, siteId };
      return notFound();
    }
    if (parts[0] === 'campaigns') {
      if (parts.length === 1) {
        const hub = params.get('hub');
        return hub ? { view: 'campaigns', hubClient: hub } : { view: 'campaigns' };
      }
      const campaignId = num(parts[1]);
      if (campaignId !== undefined && parts.length === 2) return { view: 'campaign', campaignId };
    }
    return notFound();
  })();
  return { route, params };

  function notFound(): Route {
    return { view: 'not-found', path: pathPart };
  }
}

export function useHashRoute(): { route: Route; params: URLSearchParams } {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return parseHash(hash);
}

export function navigate(hash: string): void {
  window.location.hash = hash;
}

/** Replaces the query part of the current hash without adding a history entry (filters, tabs). */
export function replaceHashParams(params: Record<string, string | undefined>): void {
  const raw = window.location.hash.replace(/^#/, '') || '/';
  const [path, query] = raw.split('?', 2) as [string, string | undefined];
  const search = new URLSearchParams(query ?? '');
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') search.delete(k);
    else search.set(k, v);
  }
  const text = search.toString();
  const next = `#${path}${text ? `?${text}` : ''}`;
  if (next !== window.location.hash) {
    window.history.replaceState(null, '', next);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }
}

export const links = {
  sites: () => '#/',
  site: (siteId: number, view: SiteView = 'overview') =>
    view === 'overview' ? `#/sites/${siteId}` : `#/sites/${siteId}/${view}`,
  page: (siteId: number, pageId: number) => `#/sites/${siteId}/pages/${pageId}`,
  /** The link graph focused on a page (its neighbourhood and click path). */
  graphFocus: (siteId: number, pageId: number) => `#/sites/${siteId}/graph?mode=focus&page=${pageId}&path=1`,
  issue: (siteId: number, check: string) => `#/sites/${siteId}/issues/${check}`,
  /** The changes between crawls `from` and `to` (the latest two when left out), of the `change` kinds only. */
  changes: (siteId: number, q: { from?: number; to?: number; change?: readonly string[] } = {}) => {
    const search = new URLSearchParams();
    if (q.from !== undefined) search.set('from', String(q.from));
    if (q.to !== undefined) search.set('to', String(q.to));
    if (q.change?.length) search.set('change', q.change.join(','));
    const text = search.toString();
    return `#/sites/${siteId}/changes${text ? `?${text}` : ''}`;
  },
  campaigns: (hub?: string) => (hub ? `#/campaigns?hub=${encodeURIComponent(hub)}` : '#/campaigns'),
  campaign: (id: number) => `#/campaigns/${id}`,
};
