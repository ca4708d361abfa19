/**
 * A keyset-paginated list loaded page by page as the user scrolls: the server sorts and filters, the table
 * virtualises, and only the pages actually reached are fetched. Changing `deps` (filters, sort) starts over.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../api/client.js';
import type { ListPage } from '../api/types.js';

export interface PagedList<T> {
  items: T[];
  /** True while more rows exist on the server. */
  hasMore: boolean;
  loading: boolean;
  error: unknown;
  /** Fetches the next page unless one is on its way or none is left. */
  loadMore: () => void;
  reload: () => void;
}

export function usePagedList<T>(
  /** `cursor` is left out for the first page, as the API's `cursor` parameter is. */
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<ListPage<T>>,
  deps: readonly unknown[],
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [generation, setGeneration] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const inFlight = useRef<AbortController | null>(null);

  const fetchFrom = useCallback((from: string | null, replace: boolean) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    fetchRef.current(from ?? undefined, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        setItems((old) => (replace ? page.items : old.concat(page.items)));
        setCursor(page.next_cursor);
        setHasMore(page.next_cursor !== null);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        inFlight.current = null;
        setError(err);
        setHasMore(false);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    fetchFrom(null, true);
    return () => inFlight.current?.abort();
    // `deps` are the caller's filters; the fetcher is read from a ref.
  }, [...deps, generation, fetchFrom]);

  const loadMore = useCallback(() => {
    if (inFlight.current || !hasMore || cursor === null) return;
    fetchFrom(cursor, false);
  }, [cursor, hasMore, fetchFrom]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { items, hasMore, loading, error, loadMore, reload };
}

/** What a `VirtualTable` needs of a paged list: its rows, and how to load more as it scrolls. */
export function pagedRows<T>(list: PagedList<T>) {
  return { rows: list.items, hasMore: list.hasMore, loading: list.loading, onLoadMore: list.loadMore };
}
