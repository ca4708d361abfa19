/**
 * Every check of the audit for a site, found something or not, muted or not: what a check's page and a page's
 * issues need to know of a check (its title, description, the shape of its evidence), kept current as audits
 * run and checks are muted.
 */
import { useMemo } from 'react';
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { Issue } from '../api/types.js';
import { useApi, type ApiState } from './use-api.js';

export function useIssueCatalogue(
  siteId: number,
): ApiState<{ byCheck: Map<string, Issue>; items: Issue[]; audited_at: string | null }> {
  const state = useApi(
    // The catalogue has far fewer checks than a page holds, so one request lists them all.
    (signal) =>
      call(
        'audit.issues',
        { site_id: siteId, include_empty: true, include_muted: true, limit: 1000 },
        { signal },
      ),
    [siteId],
  );
  useSiteChanges(siteId, ['audit'], state.reload);
  const data = useMemo(
    () =>
      state.data && {
        byCheck: new Map(state.data.items.map((i) => [i.check, i])),
        items: state.data.items,
        audited_at: state.data.audited_at,
      },
    [state.data],
  );
  return { ...state, data };
}
