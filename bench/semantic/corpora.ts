/**
 * The real sites the semantic evaluation reads: documentation that Debian packages ship as HTML, served from disk
 * on 127.0.0.1 by the docs server the quality tests use. They are of different kinds on purpose: a library
 * reference of many same-template pages (Python), a manual with one page per SQL command, catalog view and API
 * function (PostgreSQL — the site where the merge verdicts failed), and a book written as prose chapters
 * (The Debian Administrator's Handbook), and a portal of six Debian manuals that overlap (bench/semantic/debian-portal.ts),
 * where pages that should be one are real.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assembleDebianPortal } from './debian-portal.js';

export interface Corpus {
  name: string;
  /** The Debian package that installs it. */
  package: string;
  root: string;
  /** URL prefixes the build wrote for the published site (canonicals), served as the local origin instead. */
  prefixes: string[];
  /** How many of its pages get a planted rewrite (for recall). */
  plant: number;
  /** Builds the site's directory from several packages (checks they are installed). */
  assemble?: () => void;
}

const PORTAL_DIR = fileURLToPath(new URL('../.cache/debian-docs-site', import.meta.url));

export const CORPORA: Record<string, Corpus> = {
  python: {
    name: 'python',
    package: 'python3.11-doc',
    root: '/usr/share/doc/python3.11/html',
    prefixes: [],
    plant: 40,
  },
  postgres: {
    name: 'postgres',
    package: 'postgresql-doc-15',
    root: '/usr/share/doc/postgresql-doc-15/html',
    prefixes: [],
    plant: 40,
  },
  handbook: {
    name: 'handbook',
    package: 'debian-handbook',
    root: '/usr/share/doc/debian-handbook/html/en-US',
    prefixes: ['https://debian-handbook.info/browse/stable/'],
    plant: 20,
  },
  'debian-docs': {
    name: 'debian-docs',
    package: 'debian-handbook debian-faq harden-doc installation-guide-amd64 maint-guide debmake-doc',
    root: PORTAL_DIR,
    prefixes: [],
    plant: 30,
    assemble: () => assembleDebianPortal(PORTAL_DIR),
  },
};

export function requireCorpus(name: string): Corpus {
  const c = CORPORA[name];
  if (!c) throw new Error(`unknown corpus ${name}: one of ${Object.keys(CORPORA).join(', ')}`);
  c.assemble?.();
  if (!existsSync(join(c.root, 'index.html')))
    throw new Error(`${c.root} is missing: apt-get install ${c.package}`);
  return c;
}
