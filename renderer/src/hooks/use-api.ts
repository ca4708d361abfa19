/**
 * Loads data for a view: runs `load` when `deps` change (aborting the previous request), keeps the last data
 * while reloading so tables do not flash, and exposes the error for the view to show in words.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../api/client.js';

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): ApiState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        setError(err);
        setLoading(false);
      },
    );
    return () => controller.abort();
    // `deps` are the caller's: the loader itself is read from a ref so a new closure does not refetch.
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload };
}

/** Runs an action (a POST, a PATCH) and remembers whether it runs and how it failed. */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
): { run: (...args: A) => Promise<R | undefined>; busy: boolean; error: unknown; clear: () => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const ref = useRef(action);
  ref.current = action;
  const run = useCallback(async (...args: A) => {
    setBusy(true);
    setError(undefined);
    try {
      return await ref.current(...args);
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, busy, error, clear: () => setError(undefined) };
}
