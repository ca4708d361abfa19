/**
 * A documentation portal assembled from six Debian manuals, the way www.debian.org/doc hosts them under one
 * origin: the Administrator's Handbook, the FAQ, the Securing Debian Manual, the Installation Guide, the New
 * Maintainers' Guide and its successor, the Guide for Debian Maintainers (debmake-doc). Each was edited well on
 * its own, but together they overlap the way a real site grown by several teams does — installing, APT, package
 * building, hardening, told twice or three times — which is what the merge verdicts must be measured on: the three
 * single manuals have almost no pages that should be one.
 *
 * The English pages (and styles, images) are copied into a directory of the bench's cache, one folder a manual,
 * with a portal home page linking to each; links to the published handbook's own address are pointed at its folder.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface Manual {
  folder: string;
  package: string;
  source: string;
  /** The manual's first page within its folder. */
  start: string;
  title: string;
  blurb: string;
  /** Pages come in several languages side by side (`ch01.en.html`, `ch01.ja.html`): keep the English ones. */
  languages?: boolean;
  /** Absolute addresses of the published manual, served as its folder. */
  published?: string[];
}

const MANUALS: Manual[] = [
  {
    folder: 'handbook',
    package: 'debian-handbook',
    source: '/usr/share/doc/debian-handbook/html/en-US',
    start: 'index.html',
    title: "The Debian Administrator's Handbook",
    blurb: 'Everything a system administrator needs to run Debian, from installation to services.',
    published: ['https://debian-handbook.info/browse/stable/'],
  },
  {
    folder: 'faq',
    package: 'debian-faq',
    source: '/usr/share/doc/debian/FAQ',
    start: 'index.en.html',
    title: 'The Debian GNU/Linux FAQ',
    blurb: 'Frequently asked questions about Debian, its packages and its releases.',
    languages: true,
  },
  {
    folder: 'securing',
    package: 'harden-doc',
    source: '/usr/share/doc/harden-doc/html/en-US',
    start: 'index.html',
    title: 'Securing Debian Manual',
    blurb: 'How to make a Debian system more secure, before and after installation.',
  },
  {
    folder: 'install',
    package: 'installation-guide-amd64',
    source: '/usr/share/doc/installation-guide-amd64/en',
    start: 'index.html',
    title: 'Debian GNU/Linux Installation Guide',
    blurb: 'Installing Debian on 64-bit PCs, step by step.',
  },
  {
    folder: 'maint-guide',
    package: 'maint-guide',
    source: '/usr/share/doc/maint-guide/html',
    start: 'index.en.html',
    title: "Debian New Maintainers' Guide",
    blurb: 'Building a Debian package the classic way (superseded by the Guide for Debian Maintainers).',
    languages: true,
  },
  {
    folder: 'debmake',
    package: 'debmake-doc',
    source: '/usr/share/doc/debmake-doc/html',
    start: 'index.en.html',
    title: 'Guide for Debian Maintainers',
    blurb: 'Packaging software for Debian with debmake.',
    languages: true,
  },
];

/** With languages side by side, an unsuffixed page (`index.html`) is a copy of one of them, kept for browsers. */
const notEnglish = (file: string) => file.endsWith('.html') && !file.endsWith('.en.html');

function home(): string {
  const items = MANUALS.map(
    (m) => `<li><a href="${m.folder}/${m.start}">${m.title}</a>: ${m.blurb}</li>`,
  ).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Debian Documentation</title>
<meta name="description" content="Manuals for users, administrators and maintainers of Debian."></head>
<body><h1>Debian Documentation</h1>
<p>The manuals below are written by Debian's documentation team and its developers. Each can be read online here.</p>
<ul>
${items}
</ul>
</body></html>
`;
}

/** Builds the portal in `dir` (once: kept while its home page is there) and returns `dir`. */
export function assembleDebianPortal(dir: string): string {
  const missing = MANUALS.filter((m) => !existsSync(join(m.source, m.start))).map((m) => m.package);
  if (missing.length) throw new Error(`manuals missing: apt-get install ${missing.join(' ')}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const m of MANUALS) {
    const to = join(dir, m.folder);
    cpSync(m.source, to, {
      recursive: true,
      dereference: true,
      filter: (src) => !/\.(pdf|gz|txt)$/.test(src) && !(m.languages && notEnglish(basename(src))),
    });
    for (const prefix of m.published ?? []) rewriteAll(to, prefix, `/${m.folder}/`);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), home());
  return dir;
}

function rewriteAll(folder: string, from: string, to: string) {
  for (const file of htmlUnder(folder)) {
    const html = readFileSync(file, 'utf8');
    if (html.includes(from)) writeFileSync(file, html.replaceAll(from, to));
  }
}

function htmlUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}
