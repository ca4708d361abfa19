import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { XMLValidator } from 'fast-xml-parser';
import { xmlEscape } from '../../../../server/domain/export/graph-export.js';

describe('xmlEscape', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    const hostile = `Tom & "Jerry" <script>alert('x')</script>\u0000\u0007\u001b end`;
    const escaped = xmlEscape(hostile);
    assert.equal(
      escaped,
      'Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; end',
    );
    assert.equal(XMLValidator.validate(`<a title="${escaped}">${escaped}</a>`), true);
  });

  it('keeps text from every script, including characters outside the BMP', () => {
    assert.equal(xmlEscape('Café – 日本語 🌱'), 'Café – 日本語 🌱');
    assert.equal(xmlEscape(null), '');
    assert.equal(xmlEscape(42), '42');
  });
});
