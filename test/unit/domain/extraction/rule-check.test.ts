/** Rules are checked before they are saved or tried (rule-check.ts): every problem names the field at fault. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ValidationError } from '../../../../server/domain/errors.js';
import {
  checkRule,
  normalizeDraft,
  type RuleDraft,
} from '../../../../server/domain/extraction/rule-check.js';

const rule = (r: Partial<RuleDraft>): RuleDraft => ({
  name: 'r',
  kind: 'css',
  selector: 'h1',
  take: 'text',
  all: false,
  source: 'html',
  ...r,
});

function fieldOf(r: Partial<RuleDraft>, at?: string): string | null {
  try {
    checkRule(rule(r), at);
    return null;
  } catch (err) {
    assert.ok(err instanceof ValidationError, String(err));
    return err.issues[0]!.path;
  }
}

describe('checkRule', () => {
  it('accepts what each kind can do', () => {
    for (const r of [
      {},
      { selector: 'article.product > .prices .price:not(.price--was)', take: 'attribute:content', all: true },
      { selector: 'li:nth-of-type(2n+1)', take: 'count' },
      { kind: 'xpath', selector: '//meta[@property="og:title"]/@content' },
      { kind: 'xpath', selector: 'normalize-space(string(//h1))' },
      { kind: 'xpath', selector: 'count(//a[starts-with(@href, "/")])', take: 'count' },
      { kind: 'xpath', selector: '//*[local-name()="svg"]', take: 'exists' },
      { kind: 'regex', selector: '/"price":\\s*"?([\\d.]+)/i', all: true },
      { kind: 'regex', selector: 'UA-\\d+-\\d+', take: 'exists', source: 'main_text' },
      { kind: 'contains', selector: 'Greenway', source: 'main_text' },
      { kind: 'not_contains', selector: '/gtag\\(.config/', source: 'rendered' },
    ] as Partial<RuleDraft>[])
      assert.equal(fieldOf(r), null, JSON.stringify(r));
  });

  it('names body.selector for selectors that do not compile or call what does not exist', () => {
    for (const r of [
      { selector: 'div[' },
      { selector: 'p::first-line' },
      { kind: 'xpath', selector: '//div[' },
      { kind: 'xpath', selector: '//div[matches(., "x")]' },
      { kind: 'xpath', selector: '//svg:circle' },
      { kind: 'regex', selector: '(' },
      { kind: 'regex', selector: '(a)\\1' },
      { kind: 'regex', selector: '/x/gq' },
      { kind: 'contains', selector: '/[/' },
    ] as Partial<RuleDraft>[])
      assert.equal(fieldOf(r), 'body.selector', JSON.stringify(r));
  });

  it('names body.take and body.source for combinations that make no sense', () => {
    assert.equal(fieldOf({ kind: 'regex', selector: 'x', take: 'html' }), 'body.take');
    assert.equal(fieldOf({ kind: 'regex', selector: 'x', take: 'attribute:href' }), 'body.take');
    assert.equal(fieldOf({ kind: 'xpath', selector: 'count(//a)', take: 'html' }), 'body.take');
    assert.equal(fieldOf({ kind: 'css', source: 'main_text' }), 'body.source');
    assert.equal(fieldOf({ kind: 'xpath', selector: '//a', source: 'main_text' }), 'body.source');
  });

  it('names the field under the prefix it is given (a rule of a test request)', () => {
    assert.equal(fieldOf({ selector: 'a[' }, 'body.rules.3'), 'body.rules.3.selector');
  });

  it('stores a search rule’s take as exists: it always answers a boolean', () => {
    assert.equal(normalizeDraft(rule({ kind: 'contains', take: 'text' })).take, 'exists');
    assert.equal(normalizeDraft(rule({ take: 'count' })).take, 'count');
  });
});
