/**
 * Embedding a site's pages in two phases, so a crawled site answers searches in seconds: first every page with
 * no vector gets one from its title and lead (its first 128 word pieces), then every new or changed page's
 * passages are embedded and its page vector recomputed from them. A page whose text changed keeps its old
 * vector until then: it stays searchable, and how far its meaning moved is measured against its full new vector.
 * A cancelled job leaves its pages searchable; the next one embeds only what is left.
 */
import type { DocOutput } from '../../adapters/embedder/embedder-protocol.js';
import type { Embedder } from '../../adapters/embedder/embedder.js';
import type { Store } from '../../store/index.js';
import type { PageToEmbed } from '../../store/repos/embeddings-repo.js';
import type { EventBus } from '../events.js';
import { MODEL_DIM } from '../system/health-service.js';
import { leadBytes, pageBytes, type EmbedEta, type EtaRun } from './embed-eta.js';
import { docVector } from './doc-vector.js';
import { cosine, rows } from './vectors.js';

const PAGES_PER_BATCH = 32;
/** A new page is searchable first by its title and its first this many word pieces. */
const LEAD = 128;
const LEAD_BATCH = 64;
/**
 * The text a lead is cut from: 128 word pieces took at most 763 characters of any page of four real manuals
 * (median ~560; Python, PostgreSQL, the Debian handbook and portal); tokenising more of a long page is wasted.
 */
const LEAD_CHARS = 2_000;

export interface EmbedProgress {
  phase: string;
  done: number;
  total: number | null;
  message: string;
}

export interface SiteEmbedding {
  signal: AbortSignal;
  progress(p: EmbedProgress): void;
  store: Store;
  bus: EventBus;
  embedder: Embedder;
  /** The model id stored with each page (`all-MiniLM-L6-v2@q8`). */
  model: string;
  /** A recorder, per batch, of how far a changed page's meaning moved (crawl history). */
  contentMoved?: (() => (url: string, cosine: number) => void) | undefined;
  /** Told the job's work as it goes, to estimate the time left (searches and waiting jobs say it). */
  eta?: EmbedEta | undefined;
}

/** The text that stands for a page's title: title, h1 when different, and the first few headings. */
export function titleText(p: Pick<PageToEmbed, 'title' | 'h1' | 'headings'>): string {
  const parts = [p.title ?? ''];
  if (p.h1 && p.h1 !== p.title) parts.push(p.h1);
  const headings = p.headings
    .filter((h) => h.level >= 2)
    .slice(0, 5)
    .map((h) => h.text);
  return [...parts, ...headings].filter(Boolean).join(' — ');
}

/** Embeds a site's new and changed pages (see above) and drops the vectors of pages that left. */
export async function embedSitePages(siteId: number, ctx: SiteEmbedding) {
  const { model, store } = ctx;
  const repo = store.embeddings;
  const dropped = repo.dropUnembeddable(siteId);

  const newPages = repo.countWithoutVector(siteId);
  const eta = ctx.eta?.begin(siteId, { leads: newPages, passageBytes: repo.bytesToEmbed(siteId, model) });
  try {
    return await embedInPhases(siteId, ctx, { newPages, dropped, eta });
  } finally {
    eta?.end();
  }
}

async function embedInPhases(
  siteId: number,
  ctx: SiteEmbedding,
  run: { newPages: number; dropped: number; eta: EtaRun | undefined },
) {
  const { embedder, model, store, bus } = ctx;
  const { newPages, dropped, eta } = run;
  const repo = store.embeddings;
  const started = Date.now();
  const elapsed = () => Math.round((Date.now() - started) / 100) / 10;
  let searchable = 0;
  if (newPages) {
    ctx.progress({
      phase: 'searchable',
      done: 0,
      total: newPages,
      message: `${newPages} new pages to index`,
    });
    await pipelined(
      embedder,
      (after) => repo.pagesWithoutVector(siteId, after, LEAD_BATCH),
      LEAD,
      ctx.signal,
      (batch, out) => {
        store.tx(() => {
          batch.forEach((page, i) => {
            const vector = docVector(out[i]!);
            if (!vector) return; // no title and no text: nothing to search by
            repo.writeLead(siteId, page, model, vector);
            searchable++;
          });
        });
        eta?.leads(
          batch.length,
          batch.reduce((n, p) => n + leadBytes(titleText(p), p.main_text), 0),
        );
        ctx.progress({
          phase: 'searchable',
          done: searchable,
          total: Math.max(newPages, searchable),
          message: `${searchable} of ${newPages} new pages searchable`,
        });
      },
    );
    bus.emit('site.updated', { site_id: siteId, changes: ['embeddings'] });
  }
  const searchableSeconds = elapsed();

  const total = repo.countToEmbed(siteId, model);
  let done = 0;
  let passages = 0;
  const phaseStarted = Date.now();
  ctx.progress({ phase: 'embedding', done, total, message: `${total} pages' passages to embed` });
  eta?.passagesStart();
  await pipelined(
    embedder,
    (after) => repo.pagesToEmbed(siteId, model, after, PAGES_PER_BATCH),
    undefined,
    ctx.signal,
    (batch, out) => {
      const moved = ctx.contentMoved?.();
      store.tx(() => {
        batch.forEach((page, i) => {
          const doc = out[i]!;
          const pageVec = docVector(doc);
          if (!pageVec) return;
          const old = moved && page.text_changed ? repo.pageVector(page.id) : null;
          if (old) moved!(page.url, cosine(old, pageVec));
          const vectors = rows(doc.passageVectors, MODEL_DIM);
          repo.write(
            siteId,
            page,
            model,
            pageVec,
            doc.passages.map((text, k) => ({ text, vector: vectors[k]! })),
          );
          passages += doc.passages.length;
        });
      });
      eta?.passages(batch.reduce((n, p) => n + pageBytes(titleText(p), p.main_text), 0));
      done += batch.length;
      const secs = (Date.now() - phaseStarted) / 1000;
      ctx.progress({
        phase: 'embedding',
        done,
        total: Math.max(total, done),
        message: `${done} of ${total} pages embedded (${secs > 0 ? (done / secs).toFixed(1) : '0'} pages/s)`,
      });
    },
  );
  bus.emit('site.updated', { site_id: siteId, changes: ['embeddings'] });
  return {
    pages: done,
    passages,
    dropped,
    model,
    seconds: elapsed(),
    searchable_pages: searchable,
    searchable_seconds: searchableSeconds,
  };
}

/**
 * Embeds batches of pages (`fetch` gives the batch after a page id) and hands each to `handle`; the next batch
 * is sent to the worker before this one is handled, so the model never waits on SQLite.
 */
async function pipelined(
  embedder: Embedder,
  fetch: (afterId: number) => PageToEmbed[],
  lead: number | undefined,
  signal: AbortSignal,
  handle: (batch: PageToEmbed[], out: DocOutput[]) => void,
): Promise<void> {
  const send = (pages: PageToEmbed[]) => {
    if (!pages.length) return null;
    // A lead is within a page's first few thousand characters; the rest need not be split.
    const docs = pages.map((p) => ({
      title: titleText(p),
      body: lead ? p.main_text.slice(0, LEAD_CHARS) : p.main_text,
    }));
    const sent = embedder.embedDocs(docs, lead ? { lead } : {});
    sent.catch(() => {}); // awaited below, unless the job is cancelled first
    return sent;
  };
  signal.throwIfAborted();
  let batch = fetch(0);
  let pending = send(batch);
  while (pending) {
    signal.throwIfAborted();
    const out = await pending;
    signal.throwIfAborted();
    const next = fetch(batch.at(-1)!.id);
    pending = send(next);
    handle(batch, out);
    batch = next;
  }
}
