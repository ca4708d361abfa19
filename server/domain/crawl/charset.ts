/**
 * Bytes to text the way a browser would. Titles, headings and main text are compared across pages and embedded,
 * so a page decoded as the wrong charset ("CafÃ©") would look like a different page. docs/crawler.md "Fetching":
 * BOM, then the Content-Type charset, then `<meta charset>` / `http-equiv` in the first 1024 bytes, else UTF-8,
 * decoding through the WHATWG encoding table. html-encoding-sniffer implements exactly that order;
 * whatwg-encoding does the table.
 */
import { createRequire } from 'node:module';
import { decode } from 'whatwg-encoding';

export interface DecodedHtml {
  text: string;
  /** The WHATWG name of the encoding used, e.g. `UTF-8`, `windows-1252`, `Shift_JIS`. */
  encoding: string;
}

type SniffHtmlEncoding = (
  bytes: Uint8Array,
  options?: { transportLayerEncodingLabel?: string; defaultEncoding?: string },
) => string;

// html-encoding-sniffer is CommonJS without typings; typing the one function here avoids an ambient .d.ts.
const requireCjs = createRequire(import.meta.url);
const sniffHtmlEncoding = requireCjs('html-encoding-sniffer') as SniffHtmlEncoding;

const DEFAULT_ENCODING = 'UTF-8';

/**
 * Decode an HTML body. `contentTypeHeader` is the raw header value (or null when absent); an unknown charset label
 * in it is ignored, as browsers do, so the page's own `<meta>` and then UTF-8 decide. A BOM beats everything and
 * is not part of the text.
 */
export function decodeHtml(body: Buffer, contentTypeHeader: string | null): DecodedHtml {
  const label = charsetParam(contentTypeHeader);
  const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  const encoding = sniffHtmlEncoding(bytes, {
    ...(label !== null ? { transportLayerEncodingLabel: label } : {}),
    defaultEncoding: DEFAULT_ENCODING,
  });
  // whatwg-encoding only maps labels to encodings it can decode (an ISO-2022-JP label counts as unknown), so
  // whatever the sniffer names, decode() accepts.
  return { text: decode(bytes, encoding), encoding };
}

/**
 * The `charset` parameter of a Content-Type value, unquoted, or null. Parsed by hand because the header is often
 * malformed (`text/html; charset="utf-8;"`, `text/html;charset=UTF-8;charset=x`) and a strict MIME parser would
 * throw the whole value away; the first charset wins, as in browsers.
 */
export function charsetParam(contentType: string | null): string | null {
  if (!contentType) return null;
  for (const param of contentType.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
    return value === '' ? null : value;
  }
  return null;
}
