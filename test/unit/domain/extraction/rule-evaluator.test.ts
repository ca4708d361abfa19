/**
 * The evaluator (rule-evaluator.ts) on a product page written like real shops write them: each kind (CSS, XPath,
 * regex, contains / not_contains), each take mode, first and all values, the sources a rule reads, the caps on
 * values, and a pathological regex on a long page that a backtracking engine would never finish.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExtractRule } from '../../../../server/domain/extraction/extract-rule.js';
import { compileRulesCached } from '../../../../server/domain/extraction/rule-compiler.js';
import { evaluateRules, type PageDocuments } from '../../../../server/domain/extraction/rule-evaluator.js';

const HTML = `<!doctype html><html lang="en"><head><title>Steel trowel | Northwind Tools</title>
<meta name="author" content="Jane Doe">
<script type="application/ld+json">{"@type":"Product","sku":"NW-TRW-001","offers":{"price":"24.99"}}</script>
</head><body><main><article class="product" data-sku="NW-TRW-001">
<h1 class="product-title">Steel   trowel</h1>
<p class="prices"><span class="price" content="19.50">€19.50</span> <span class="price price--was" content="29.00">€29.00</span></p>
<table class="specs"><tr><th>Weight</th><td>320 g</td></tr><tr><th>Length</th><td>28 cm</td></tr></table>
<svg viewBox="0 0 10 10"><circle r="4"/></svg>
<p>By <a rel="author" href="/authors/jane/">Jane Doe</a> on <time datetime="2025-03-14">14 March 2025</time></p>
</article></main></body></html>`;

const MAIN = 'Steel trowel\n€19.50 €29.00\nA forged trowel from the Greenway workshop.';

const page: PageDocuments = { html: HTML, rendered: null, mainText: MAIN };

function run(rules: Partial<ExtractRule>[], docs: PageDocuments = page) {
  const full = rules.map((r, i) => ({
    id: i + 1,
    name: `r${i}`,
    kind: 'css' as const,
    selector: 'h1',
    take: 'text',
    all: false,
    source: 'html' as const,
    ...r,
  }));
  return evaluateRules(compileRulesCached(full), docs).map((o) => (o.error ? { error: o.error } : o.value));
}

describe('rule evaluator', () => {
  it('takes text, html, attributes, counts and existence with CSS', () => {
    assert.deepEqual(
      run([
        { selector: 'h1' },
        { selector: '.price', all: true },
        { selector: '.price', take: 'attribute:content' },
        { selector: '.price', take: 'attribute:CONTENT', all: true },
        { selector: '.price', take: 'count' },
        { selector: '.out-of-stock', take: 'exists' },
        { selector: 'h1', take: 'html' },
        { selector: '.nothing' },
        { selector: '.nothing', all: true },
        { selector: 'table.specs tr:nth-child(2) td' },
        { selector: 'meta[name=author]', take: 'attribute:content' },
      ]),
      [
        'Steel trowel',
        ['€19.50', '€29.00'],
        '19.50',
        ['19.50', '29.00'],
        2,
        false,
        '<h1 class="product-title">Steel   trowel</h1>',
        null,
        null,
        '28 cm',
        'Jane Doe',
      ],
    );
  });

  it('evaluates XPath 1.0 over the tree a browser builds, without namespace prefixes', () => {
    assert.deepEqual(
      run([
        { kind: 'xpath', selector: '//h1' },
        { kind: 'xpath', selector: '//article/@data-sku' },
        { kind: 'xpath', selector: '//tbody/tr/td', all: true },
        { kind: 'xpath', selector: 'count(//span[contains(@class, "price")])', take: 'count' },
        { kind: 'xpath', selector: 'string(//time/@datetime)' },
        { kind: 'xpath', selector: '//circle', take: 'exists' },
        { kind: 'xpath', selector: '//a[@rel="author"]', take: 'attribute:href' },
        { kind: 'xpath', selector: '//H1', take: 'html' },
        { kind: 'xpath', selector: 'boolean(//video)', take: 'exists' },
        { kind: 'xpath', selector: 'string(//title)', take: 'html' },
      ]),
      [
        'Steel trowel',
        'NW-TRW-001',
        ['320 g', '28 cm'],
        2,
        '2025-03-14',
        true,
        '/authors/jane/',
        '<h1 class="product-title">Steel   trowel</h1>',
        false,
        { error: 'the expression gives a string, not nodes: take text, count or exists' },
      ],
    );
  });

  it('takes a regex’s first group, or the whole match, and counts matches', () => {
    assert.deepEqual(
      run([
        { kind: 'regex', selector: '"sku":"([^"]+)"' },
        { kind: 'regex', selector: '€\\d+\\.\\d\\d', all: true },
        { kind: 'regex', selector: '/STEEL\\s+(\\w+)/i' },
        { kind: 'regex', selector: '€', take: 'count' },
        { kind: 'regex', selector: 'gtag\\(', take: 'exists' },
        { kind: 'regex', selector: 'Greenway', source: 'main_text' },
        { kind: 'regex', selector: 'x*', take: 'count', source: 'main_text' },
      ]),
      ['NW-TRW-001', ['€19.50', '€29.00'], 'trowel', 2, false, 'Greenway', MAIN.length + 1],
    );
  });

  it('searches for text (case-insensitive) or a pattern, and answers a boolean', () => {
    assert.deepEqual(
      run([
        { kind: 'contains', selector: 'GREENWAY', source: 'main_text' },
        { kind: 'contains', selector: 'greenway', source: 'html' },
        { kind: 'not_contains', selector: 'googletagmanager.com', take: 'exists' },
        { kind: 'contains', selector: '/trowel\\s+\\|/' },
        { kind: 'not_contains', selector: '/TROWEL/' },
      ]),
      [true, false, true, true, true],
    );
  });

  it('reads the rendered HTML when the page was rendered, and the HTML as fetched for `html` rules', () => {
    const rendered = HTML.replace('€19.50</span>', '€17.00</span>');
    const docs = { html: HTML, rendered, mainText: MAIN };
    assert.deepEqual(
      run(
        [
          { selector: '.price', source: 'html' },
          { selector: '.price', source: 'rendered' },
          { kind: 'xpath', selector: '//span[@class="price"]', source: 'rendered' },
        ],
        docs,
      ),
      ['€19.50', '€17.00', '€17.00'],
    );
    assert.deepEqual(run([{ selector: '.price', source: 'rendered' }]), ['€19.50'], 'not rendered: the HTML');
  });

  it('caps values at 100 a rule and 4,096 bytes a value, and says what it cut', () => {
    const long = `<ul>${Array.from({ length: 150 }, (_, i) => `<li>${i}</li>`).join('')}</ul><p>${'x'.repeat(5000)}</p>`;
    const [all, one] = run([{ selector: 'li', all: true }, { selector: 'p' }], {
      html: long,
      rendered: null,
      mainText: '',
    }) as [string[], string];
    assert.equal(all.length, 101);
    assert.equal(all[99], '99');
    assert.equal(all[100], '[… 50 more values left out: at most 100 values a rule]');
    assert.ok(Buffer.byteLength(JSON.stringify(one)) <= 4096);
    assert.match(one, /^x{4000,} … \[cut: 4,0\d\d of 5,000 bytes\]$/);
  });

  // A backtracking engine takes 2^n steps on these patterns; RE2JS reads each character of the page a bounded
  // number of times, counted here as the characters it asks the string for, so the rule holds on any machine.
  // bench/extraction-regex.ts times the same patterns against an ordinary one.
  it('reads a long page a bounded number of times per character, whatever a pattern could backtrack', () => {
    const rules: [Partial<ExtractRule>, unknown][] = [
      [{ kind: 'regex', selector: '(a+)+$' }, null],
      [{ kind: 'regex', selector: '(a|aa)+c', take: 'count' }, 0],
      [{ kind: 'regex', selector: '(x+x+)+y', take: 'exists' }, false],
    ];
    // Growing, so an engine that reads nothing through the string (a native backtracking one) fails on the
    // shortest page instead of running for hours on the longest.
    for (const n of [20, 2_000, 200_000]) {
      // Each pattern's last literal is on the page, so no engine can rule it out without reading the runs.
      const html = `<p>${'a'.repeat(n)}b</p><p>c</p><p>${'x'.repeat(n)}</p><p>y</p>`;
      for (const [rule, expected] of rules) {
        const { value, reads } = countingReads(() => run([rule], { html, rendered: null, mainText: '' }));
        assert.deepEqual(value, [expected], rule.selector);
        assert.ok(
          reads >= html.length && reads <= 4 * html.length,
          `${rule.selector}: ${reads} reads of a ${html.length}-character page`,
        );
      }
    }
  });
});

/** What `fn` returns, and how many characters it read from strings (`String#charCodeAt` calls). */
function countingReads<T>(fn: () => T): { value: T; reads: number } {
  const charCodeAt = String.prototype.charCodeAt;
  let reads = 0;
  String.prototype.charCodeAt = function (this: string, i: number) {
    reads++;
    return charCodeAt.call(this, i);
  };
  try {
    const value = fn();
    return { value, reads };
  } finally {
    String.prototype.charCodeAt = charCodeAt;
  }
}
