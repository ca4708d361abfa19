/**
 * One EventSource on `/events` for the whole UI. Views subscribe to `job.progress`, `job.finished` and
 * `site.updated`; the browser reconnects on its own after a dropped connection, and `connected` lets the shell
 * say so while it is down.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useThrottled } from '../hooks/use-throttled.js';
import type { SiteChange, StreamEventName as EventName, StreamEvents as EventMap } from './types.js';

// Every event the server sends, checked against its list at compile time.
const EVENT_NAMES = Object.keys({
  'job.progress': true,
  'job.finished': true,
  'site.updated': true,
  'site.changed': true,
} satisfies Record<EventName, true>) as EventName[];
type Listener<K extends EventName> = (data: EventMap[K]) => void;

class EventHub {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();

  on<K extends EventName>(name: K, fn: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(fn as Listener<EventName>);
    return () => set.delete(fn as Listener<EventName>);
  }

  emit<K extends EventName>(name: K, data: EventMap[K]): void {
    for (const fn of this.listeners.get(name) ?? []) fn(data);
  }
}

interface EventsState {
  hub: EventHub;
  connected: boolean;
}

const EventsContext = createContext<EventsState | null>(null);

export function EventsProvider({ children }: { children: ReactNode }) {
  const [hub] = useState(() => new EventHub());
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const source = new EventSource('/events');
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (event: MessageEvent<string>) => {
        try {
          hub.emit(name, JSON.parse(event.data) as EventMap[typeof name]);
        } catch {
          // a malformed event is dropped; the next one carries the full state again
        }
      });
    }
    return () => source.close();
  }, [hub]);
  return <EventsContext.Provider value={{ hub, connected }}>{children}</EventsContext.Provider>;
}

function useEvents(): EventsState {
  const state = useContext(EventsContext);
  if (!state) throw new Error('useEvent outside EventsProvider');
  return state;
}

export function useEventsConnected(): boolean {
  return useEvents().connected;
}

/** Calls `fn` for every event of that name; `fn` may change between renders without resubscribing. */
export function useEvent<K extends EventName>(name: K, fn: Listener<K>): void {
  const { hub } = useEvents();
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => hub.on(name, (data) => ref.current(data)), [hub, name]);
}

/**
 * Calls `reload` when the server says one of `changes` changed for `siteId`, at most once per `everyMs`
 * (the last change is always followed by a reload).
 */
export function useSiteChanges(
  siteId: number | undefined,
  changes: readonly SiteChange[],
  reload: () => void,
  everyMs = 1000,
): void {
  const throttled = useThrottled(reload, everyMs);
  useEvent('site.updated', (event) => {
    if (siteId !== undefined && event.site_id === siteId && event.changes.some((c) => changes.includes(c)))
      throttled();
  });
}
