/**
 * A job named in a sentence for the people who read the API's messages: "already has an embedding running", not
 * "a embed job". One table, so every message names a kind alike.
 */
import type { JobKind } from '../../schemas/jobs.js';

const NOUNS: Record<JobKind, string> = {
  crawl: 'a crawl',
  embed: 'an embedding of its pages',
  similarity: 'a similarity analysis',
  audit: 'an audit',
  gsc_sync: 'a Search Console sync',
  gsc_import: 'a Search Console import',
  campaign_expand: 'a campaign expand',
  campaign_refresh: 'a campaign refresh',
  campaign_rebuild: 'a campaign rebuild',
  extract_apply: 'a re-apply of its main-text rules',
  idea_check: 'an idea check',
  accessibility: 'an accessibility check',
};

/** The kind with its article, e.g. "an audit". */
export const jobNoun = (kind: JobKind): string => NOUNS[kind];
