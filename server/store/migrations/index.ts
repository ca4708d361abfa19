/**
 * The bundled migration list, in order. Migrations are TypeScript modules rather than .sql files so that the
 * compiler ships them with the build and nothing is read from disk at start-up.
 */
import initial from './0001-initial.js';
import crawl from './0002-crawl.js';
import embeddings from './0003-embeddings.js';
import similarity from './0004-similarity.js';
import gsc from './0005-gsc.js';
import campaigns from './0006-campaigns.js';
import vectorGenerations from './0007-vector-generations.js';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  initial,
  crawl,
  embeddings,
  similarity,
  gsc,
  campaigns,
  vectorGenerations,
];
