/**
 * Embed jobs held between their two phases: the real embed job (real model, real vectors) makes every page
 * searchable by its title and lead, then waits until the test releases it before embedding the passages. While it
 * is held the site is exactly as a large site is for minutes after a crawl: searchable, its passages pending, an
 * embed job running. Only jobs started after `arm()` are held; the others run straight through.
 */
import type { Services } from '../../server/domain/services.js';
import type { JobKind } from '../../server/jobs/job-kind.js';

export interface Hold {
  /** Resolves with the embed job's id once its first phase is done and it waits. */
  held: Promise<number>;
  /** Lets the held job embed the passages. */
  release(): void;
}

/** Resolves when `signal` aborts (and never otherwise). */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

export function embedHolder() {
  let services: Services | undefined;
  let armed: { onHeld: (jobId: number) => void; released: Promise<void> } | null = null;

  const kind: JobKind<'embed'> = {
    kind: 'embed',
    onRestart: 'rerun',
    async run(ctx) {
      if (!services) throw new Error('embedHolder: bind the services before a job runs');
      if (ctx.job.site_id === null) throw new Error('an embed job needs a site');
      const hold = armed;
      armed = null;
      const embeddings = services.embeddings;
      const run = (signal: AbortSignal, progress: typeof ctx.progress) =>
        embeddings.embedSite(ctx.job.site_id!, { signal, progress });
      if (!hold) return run(ctx.signal, ctx.progress);
      // The first phase runs under a signal of its own, aborted when the second phase begins.
      const first = new AbortController();
      ctx.signal.addEventListener('abort', () => first.abort(ctx.signal.reason), { once: true });
      try {
        await run(first.signal, (p) => {
          ctx.progress(p);
          if (p.phase === 'embedding' && !first.signal.aborted) first.abort('held');
        });
      } catch (err) {
        if (first.signal.reason !== 'held') throw err;
      }
      hold.onHeld(ctx.job.id);
      await Promise.race([hold.released, aborted(ctx.signal)]);
      ctx.signal.throwIfAborted();
      return run(ctx.signal, ctx.progress);
    },
  };

  return {
    /** Replaces the built-in embed kind: pass it in `createTestApp({ jobKinds })`. */
    kind,
    bind(s: Services) {
      services = s;
    },
    /** Holds the next embed job to start between its two phases. */
    arm(): Hold {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let onHeld!: (jobId: number) => void;
      const held = new Promise<number>((resolve) => (onHeld = resolve));
      armed = { onHeld, released };
      return { held, release };
    },
  };
}
