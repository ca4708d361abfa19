/**
 * A function that calls `fn` at most once per `everyMs`; a call inside the window is deferred to its end, so
 * the last trigger is never lost (a burst of events ends in exactly one trailing call).
 */
import { useCallback, useEffect, useRef } from 'react';

export function useThrottled(fn: () => void, everyMs: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const last = useRef(0);
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + everyMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      fnRef.current();
    }, wait);
  }, [everyMs]);
}
