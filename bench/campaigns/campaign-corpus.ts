/**
 * A real site ready for campaigns: crawled and embedded once into its own cache (no planted copies: a campaign
 * is judged on the site as published), with a similarity analysis, since merge and link targets read its pairs
 * and clusters. The analysis is kept in the database too, so later runs only open the file; embedding the
 * PostgreSQL manual takes 6–12 minutes on this machine, the analysis about a minute, a campaign seconds.
 */
import { fileURLToPath } from 'node:url';
import { requireCorpus } from '../semantic/corpora.js';
import { prepareCorpus, type PreparedCorpus } from '../semantic/prepare-corpus.js';

export const CAMPAIGN_CACHE = fileURLToPath(new URL('../.cache/campaigns', import.meta.url));

export async function prepareCampaignCorpus(
  name: string,
  log: (s: string) => void,
): Promise<PreparedCorpus & { analysisSeconds: number | null }> {
  const corpus = { ...requireCorpus(name), plant: 0 };
  const p = await prepareCorpus(corpus, CAMPAIGN_CACHE, log, 'q8');
  if (p.t.store.similarity.currentRun(p.siteId, 'crawl')) return { ...p, analysisSeconds: null };
  log(`${name}: similarity analysis`);
  const started = performance.now();
  await p.t.services.similarity.analyze(p.siteId, undefined, {
    signal: new AbortController().signal,
    progress: () => {},
  });
  return { ...p, analysisSeconds: (performance.now() - started) / 1000 };
}
