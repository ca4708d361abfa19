/**
 * What a page's rules keep is capped in bytes (value-caps.ts): per value, per rule and per page, counted as the
 * stored JSON counts them; a cut string and a cut list say so; control characters are dropped. The page that
 * made 54 MB in the review (332 KB of control characters under 50 `all` rules) keeps to the page cap.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExtractRule } from '../../../../server/domain/extraction/extract-rule.js';
import { compileRulesCached } from '../../../../server/domain/extraction/rule-compiler.js';
import { evaluateRules } from '../../../../server/domain/extraction/rule-evaluator.js';
import {
  capString,
  DEFAULT_VALUE_CAPS,
  dropControls,
  jsonBytes,
} from '../../../../server/domain/extraction/value-caps.js';
import { controlCharacters } from '../../../fixtures/servers/hostile-rules-site.js';

const rule = (i: number, r: Partial<ExtractRule>): ExtractRule => ({
  id: i + 1,
  name: `r${i}`,
  kind: 'css',
  selector: 'p',
  take: 'text',
  all: true,
  source: 'html',
  ...r,
});

describe('value caps', () => {
  it('cuts a string on a character boundary and says how much it kept', () => {
    const s = 'é'.repeat(5000);
    const cut = capString(s, 4096);
    assert.ok(jsonBytes(cut) <= 4096);
    assert.match(cut, /^é+ … \[cut: 4,0\d\d of 10,000 bytes\]$/);
    assert.equal(capString('short', 4096), 'short');
    const quotes = capString('"'.repeat(5000), 1000);
    assert.ok(jsonBytes(quotes) <= 1000, 'escapes count as stored');
  });

  it('drops C0 and C1 controls but keeps tabs and newlines', () => {
    assert.equal(dropControls('a\u0001b\u0085c\td\ne\u007f'), 'abc\td\ne');
  });

  it('keeps 50 `all` rules over 332 KB of control characters under the page cap', () => {
    const html = controlCharacters();
    const rules = Array.from({ length: 50 }, (_, i) =>
      rule(i, i % 2 ? { selector: 'p', take: 'html' } : { kind: 'regex', selector: '([\\s\\S]{1,5000})' }),
    );
    const out = evaluateRules(compileRulesCached(rules), { html, rendered: null, mainText: '' });
    const bytes = out.reduce((n, o) => n + Buffer.byteLength(JSON.stringify(o.value)), 0);
    assert.ok(bytes <= DEFAULT_VALUE_CAPS.pageMaxBytes, `${bytes} bytes`);
    const values = out.flatMap((o) => (Array.isArray(o.value) ? o.value : []));
    assert.ok(!values.some((v) => v !== dropControls(v)), 'no control character is kept');
    assert.match(values.at(-1)!, /^\[… [\d,]+ more values? left out: .+\]$/);
  });

  it('keeps 50 `all` rules over 332 KB of text under the page cap, the last lists saying why they stop', () => {
    const html = `<p>${'Mulch the beds before the frost. '.repeat(10_000)}</p>`;
    const rules = Array.from({ length: 50 }, (_, i) =>
      rule(i, { kind: 'regex', selector: '([^.]{1,1000})' }),
    );
    const out = evaluateRules(compileRulesCached(rules), { html, rendered: null, mainText: '' });
    const bytes = out.reduce((n, o) => n + Buffer.byteLength(JSON.stringify(o.value)), 0);
    assert.ok(bytes <= DEFAULT_VALUE_CAPS.pageMaxBytes, `${bytes} bytes`);
    assert.ok(bytes > DEFAULT_VALUE_CAPS.pageMaxBytes * 0.8, `${bytes} bytes: the cap is used, not wasted`);
    const last = out.at(-1)!.value as string[];
    assert.match(last.at(-1)!, /^\[… [\d,]+\+? more values left out: the page's 131,072-byte cap\]$/);
  });

  it('cuts a list at the rule cap and counts what it left out', () => {
    const html = `<ul>${Array.from({ length: 80 }, (_, i) => `<li>${String(i).padStart(3, '0')} ${'x'.repeat(1000)}</li>`).join('')}</ul>`;
    const [o] = evaluateRules(compileRulesCached([rule(0, { selector: 'li' })]), {
      html,
      rendered: null,
      mainText: '',
    });
    const list = o!.value as string[];
    assert.ok(Buffer.byteLength(JSON.stringify(list)) <= DEFAULT_VALUE_CAPS.ruleMaxBytes);
    const kept = list.length - 1;
    assert.equal(list.at(-1), `[… ${80 - kept} more values left out: the rule's 32,768-byte cap]`);
  });
});
