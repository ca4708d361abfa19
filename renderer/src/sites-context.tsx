/**
 * The list of sites, shared by the sidebar and the views, refreshed when the server says a site changed (a
 * crawl adds pages, an analysis adds pairs) — at most once a second, since a crawl reports often.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { call } from './api/call.js';
import { useEvent } from './api/events.js';
import type { Site } from './api/types.js';
import { useApi } from './hooks/use-api.js';
import { useThrottled } from './hooks/use-throttled.js';

interface SitesState {
  sites: Site[] | undefined;
  error: unknown;
  reload: () => void;
  byId: (id: number) => Site | undefined;
}

const SitesContext = createContext<SitesState | null>(null);

export function SitesProvider({ children }: { children: ReactNode }) {
  const { data, error, reload } = useApi((signal) => call('sites.list', { limit: 1000 }, { signal }), []);
  const soon = useThrottled(reload, 1000);
  useEvent('site.updated', soon);
  useEvent('job.finished', soon);

  const value = useMemo<SitesState>(() => {
    const sites = data?.items;
    return { sites, error, reload, byId: (id) => sites?.find((s) => s.id === id) };
  }, [data, error, reload]);
  return <SitesContext.Provider value={value}>{children}</SitesContext.Provider>;
}

export function useSites(): SitesState {
  const state = useContext(SitesContext);
  if (!state) throw new Error('useSites outside SitesProvider');
  return state;
}

/** The origin of a site's start URL: what a URL on the site can be shown without. */
export function useSiteOrigin(siteId: number): string | undefined {
  const start = useSites().byId(siteId)?.start_url;
  return useMemo(() => (start ? new URL(start).origin : undefined), [start]);
}
