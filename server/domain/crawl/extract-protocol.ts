/** Messages between the crawl and its extraction workers (extract-pool.ts, extract-worker.ts). */
import type { PageRecord } from './page-builder.js';
import type { RawPageJob, RawPageOutcome, RenderedPageJob } from './page-extraction.js';

export type ExtractRequest =
  { id: number; kind: 'raw'; job: RawPageJob } | { id: number; kind: 'rendered'; job: RenderedPageJob };

export type ExtractResponse =
  | { id: number; ok: true; raw: RawPageOutcome }
  | { id: number; ok: true; record: PageRecord }
  | { id: number; ok: false; message: string };
