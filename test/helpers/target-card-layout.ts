/**
 * Whether the campaign board's cards hold their layout at the column's width: a card's score stays on the line
 * of its first badge, and "Why?" on the line of its status buttons (which were seen to wrap onto lines of their
 * own in a narrow column).
 */
import type { Page } from 'puppeteer-core';
import { inPage } from './browser.js';

/** The titles of the cards whose score or buttons left their line, with what moved; empty when all hold. */
export function cardsOutOfLine(page: Page): Promise<string[]> {
  // A string, not a function: the test code is compiled without the DOM library.
  return inPage<string[]>(
    page,
    `(() => {
      const middle = (e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
      const apart = (a, b) => Math.abs(middle(a) - middle(b)) > 3;
      const out = [];
      for (const card of document.querySelectorAll('.target-card')) {
        const title = card.getAttribute('aria-label');
        if (apart(card.querySelector('.target-score'), card.querySelector('.target-badges .badge')))
          out.push(title + ': score');
        const why = card.querySelector('.target-why');
        if ([...card.querySelectorAll('.target-moves .btn')].some((m) => apart(m, why)))
          out.push(title + ': buttons');
      }
      return out;
    })()`,
  );
}
