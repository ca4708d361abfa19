import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { charsetParam, decodeHtml } from '../../../../server/domain/crawl/charset.js';

const CAFE = 'Café – 10 €';
const html = (head: string, body: string) =>
  `<!doctype html><html><head>${head}<title>t</title></head><body>${body}</body></html>`;

describe('decodeHtml', () => {
  it('decodes plain UTF-8 with no hints at all (the default)', () => {
    const r = decodeHtml(Buffer.from(html('', CAFE), 'utf8'), null);
    assert.equal(r.encoding, 'UTF-8');
    assert.ok(r.text.includes(`<body>${CAFE}</body>`));
  });

  it('uses a UTF-8 BOM over a contradicting header and drops the BOM from the text', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html('', CAFE), 'utf8')]);
    const r = decodeHtml(bytes, 'text/html; charset=windows-1252');
    assert.equal(r.encoding, 'UTF-8');
    assert.ok(r.text.startsWith('<!doctype html>'));
    assert.ok(r.text.includes(CAFE));
  });

  it('decodes UTF-16LE with a BOM', () => {
    const bytes = iconv.encode(html('', '日本語 and ' + CAFE), 'utf16le', { addBOM: true });
    assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xfe]);
    const r = decodeHtml(bytes, 'text/html');
    assert.equal(r.encoding, 'UTF-16LE');
    assert.ok(r.text.startsWith('<!doctype html>'));
    assert.ok(r.text.includes(`日本語 and ${CAFE}`));
  });

  it('decodes windows-1252 named by the Content-Type header', () => {
    const bytes = iconv.encode(html('', CAFE), 'windows-1252');
    // é, – and € are single bytes in windows-1252 (0xE9, 0x96, 0x80) and would be invalid UTF-8.
    assert.ok(bytes.includes(Buffer.from([0xe9, 0x20, 0x96, 0x20, 0x31, 0x30, 0x20, 0x80])));
    const r = decodeHtml(bytes, 'text/html; charset=windows-1252');
    assert.equal(r.encoding, 'windows-1252');
    assert.ok(r.text.includes(CAFE));
  });

  it('lets the header win over a <meta> that says otherwise', () => {
    const bytes = iconv.encode(html('<meta charset="shift_jis">', CAFE), 'windows-1252');
    const r = decodeHtml(bytes, 'text/html;charset="Windows-1252"');
    assert.equal(r.encoding, 'windows-1252');
    assert.ok(r.text.includes(CAFE));
  });

  it('decodes Shift_JIS named by <meta charset> when the header has no charset', () => {
    const text = '東京の天気は晴れ。ＡＢＣ ｶﾀｶﾅ';
    const bytes = iconv.encode(html('<meta charset="shift_jis">', text), 'shift_jis');
    const r = decodeHtml(bytes, 'text/html');
    assert.equal(r.encoding, 'Shift_JIS');
    assert.ok(r.text.includes(text));
  });

  it('decodes ISO-8859-1 named by <meta http-equiv>, as windows-1252 per the WHATWG table', () => {
    const head = '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">';
    const bytes = iconv.encode(html(head, 'Größe: 5 – Ärger'), 'windows-1252');
    const r = decodeHtml(bytes, null);
    assert.equal(r.encoding, 'windows-1252');
    assert.ok(r.text.includes('Größe: 5 – Ärger'));
  });

  it('ignores a <meta> beyond the first 1024 bytes', () => {
    const padding = `<!-- ${'x'.repeat(1100)} -->`;
    const bytes = iconv.encode(html(`${padding}<meta charset="windows-1252">`, 'plain'), 'windows-1252');
    assert.equal(decodeHtml(bytes, null).encoding, 'UTF-8');
  });

  it('treats a <meta> claiming UTF-16 on a byte-oriented page as UTF-8', () => {
    const bytes = Buffer.from(html('<meta charset="utf-16">', CAFE), 'utf8');
    const r = decodeHtml(bytes, null);
    assert.equal(r.encoding, 'UTF-8');
    assert.ok(r.text.includes(CAFE));
  });

  it('falls back to <meta> when the header label is unknown', () => {
    const bytes = iconv.encode(html('<meta charset="windows-1252">', CAFE), 'windows-1252');
    const r = decodeHtml(bytes, 'text/html; charset=utf8mb4');
    assert.equal(r.encoding, 'windows-1252');
    assert.ok(r.text.includes(CAFE));
  });

  it('falls back to UTF-8 when neither header nor <meta> names a known encoding', () => {
    const bytes = Buffer.from(html('<meta charset="klingon">', CAFE), 'utf8');
    const r = decodeHtml(bytes, 'text/html; charset=bogus');
    assert.equal(r.encoding, 'UTF-8');
    assert.ok(r.text.includes(CAFE));
  });

  it('accepts a label alias in the header (latin1 → windows-1252, sjis → Shift_JIS)', () => {
    assert.equal(decodeHtml(iconv.encode('é', 'latin1'), 'text/html; charset=latin1').text, 'é');
    assert.equal(
      decodeHtml(iconv.encode('日本', 'shift_jis'), 'text/html; charset=sjis').encoding,
      'Shift_JIS',
    );
  });

  it('replaces invalid UTF-8 bytes instead of throwing', () => {
    const r = decodeHtml(Buffer.from([0x61, 0xff, 0x62]), 'text/html; charset=utf-8');
    assert.equal(r.text, 'a\uFFFDb');
  });

  it('decodes a Buffer that is a view into a larger pool', () => {
    const pool = Buffer.from(`XXXX${CAFE}YYYY`, 'utf8');
    const view = pool.subarray(4, pool.length - 4);
    assert.equal(decodeHtml(view, null).text, CAFE);
  });

  it('decodes an empty body', () => {
    assert.deepEqual(decodeHtml(Buffer.alloc(0), null), { text: '', encoding: 'UTF-8' });
  });
});

describe('charsetParam', () => {
  it('reads the charset parameter, case-insensitively and unquoted', () => {
    assert.equal(charsetParam('text/html; charset=UTF-8'), 'UTF-8');
    assert.equal(charsetParam('text/html;CHARSET="iso-8859-1"'), 'iso-8859-1');
    assert.equal(charsetParam("text/html; charset='koi8-r'"), 'koi8-r');
    assert.equal(charsetParam('text/html; boundary=x; charset = shift_jis '), 'shift_jis');
  });

  it('keeps the first charset and survives a malformed value', () => {
    assert.equal(charsetParam('text/html; charset=utf-8; charset=windows-1252'), 'utf-8');
    assert.equal(charsetParam('text/html; charset="utf-8;"'), 'utf-8');
  });

  it('returns null when there is no usable charset', () => {
    assert.equal(charsetParam(null), null);
    assert.equal(charsetParam(''), null);
    assert.equal(charsetParam('text/html'), null);
    assert.equal(charsetParam('text/html; charset='), null);
    assert.equal(charsetParam('charset=utf-8'), null);
  });
});
