/**
 * Known true pairs for measuring recall: a copy of a real page rewritten the way a site ends up with two pages on
 * one subject — its paragraphs reordered, a third of them dropped, a new title and h1 — served beside the
 * original (same directory, so its relative links still work) and linked from the start page. The original and
 * its copy should come out as a `merge` (or `duplicate`) pair; anything less is a miss.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { htmlFiles } from '../../test/fixtures/python-docs/docs-server.js';
import { seededRandom } from '../../test/fixtures/sites/seeded-random.js';

export interface Planted {
  /** Site paths, as served: `/library/json.html` and `/library/json-guide.html`. */
  original: string;
  copy: string;
}

/** Index-like pages (lists of links) are not pages an analyst rewrites. */
const SKIP = /(^|\/)(genindex|index|search|py-modindex|contents|bookindex|ix\d*)[^/]*\.html$/;
const MIN_PARAGRAPHS = 6;

const cleanHeading = (text: string) =>
  text
    .replace(/[¶#]/g, '')
    .replace(/^\s*(Chapter\s+)?[\d.]+\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The rewritten page, or null when the page has too little prose to rewrite. */
export function rewrite(html: string): string | null {
  const doc = parseDocument(html);
  // Publican (DocBook) writes paragraphs as <div class="para">.
  const paragraphs = DomUtils.findAll(
    (el) => el.name === 'p' || (el.name === 'div' && /\bpara\b/.test(el.attribs.class ?? '')),
    doc.children,
  ).filter((p) => DomUtils.textContent(p).trim().split(/\s+/).length >= 8);
  if (paragraphs.length < MIN_PARAGRAPHS) return null;
  const h1 = DomUtils.getElementsByTagName('h1', doc)[0];
  const title = DomUtils.getElementsByTagName('title', doc)[0];
  const subject = cleanHeading(DomUtils.textContent(h1 ?? title ?? doc));
  if (!subject) return null;
  paragraphs.forEach((p, i) => {
    if (i % 3 === 2) DomUtils.removeElement(p);
  });
  // Reverse the kept paragraphs within each parent: the same text, in another order.
  const byParent = new Map<Element, ChildNode[]>();
  for (const p of paragraphs.filter((_, i) => i % 3 !== 2)) {
    const parent = p.parent as Element | null;
    if (parent) byParent.set(parent, [...(byParent.get(parent) ?? []), p]);
  }
  for (const [parent, ps] of byParent) {
    const slots = ps.map((p) => parent.children.indexOf(p));
    slots.forEach((slot, i) => (parent.children[slot] = ps[ps.length - 1 - i]!));
  }
  const newTitle = `${subject}: a practical guide`;
  const setText = (el: Element | undefined, text: string) => {
    if (!el) return;
    for (const c of [...el.children]) DomUtils.removeElement(c);
    DomUtils.appendChild(el, parseDocument(text).children[0]!);
  };
  setText(title, newTitle);
  setText(h1, newTitle);
  // The copy is a page of its own, not a declared copy of the original.
  for (const link of DomUtils.getElementsByTagName('link', doc))
    if (link.attribs.rel?.toLowerCase() === 'canonical') DomUtils.removeElement(link);
  return DomUtils.getOuterHTML(doc, { decodeEntities: false });
}

/** Picks `count` pages with enough prose and rewrites them; paths are served beside the originals. */
export function plantPairs(
  root: string,
  count: number,
  seed = 17,
): { planted: Planted[]; pages: Map<string, string> } {
  const files = htmlFiles(root, { skipUnderscored: true })
    .map((f) => `/${f}`)
    .filter((f) => !SKIP.test(f))
    .sort();
  const random = seededRandom(seed).next;
  const order = files.map((f) => ({ f, r: random() })).sort((a, b) => a.r - b.r);
  const planted: Planted[] = [];
  const pages = new Map<string, string>();
  for (const { f } of order) {
    if (planted.length >= count) break;
    const copy = rewrite(readFileSync(join(root, f), 'utf8'));
    if (!copy) continue;
    const copyPath = f.replace(/\.html$/, '-guide.html');
    planted.push({ original: f, copy: copyPath });
    pages.set(copyPath, copy);
  }
  return { planted, pages };
}

/** Links to the planted pages, appended to the start page so the crawl finds them. */
export function plantedLinks(planted: Planted[]): string {
  return `<ul class="planted">${planted.map((p) => `<li><a href="${p.copy.slice(1)}">${p.copy}</a></li>`).join('')}</ul>`;
}
