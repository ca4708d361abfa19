/**
 * Sitemap entries out of a sitemap body, as they stream in. A sitemap may hold 50,000 URLs and 50 MB, an index may
 * point at hundreds of them, and a `.gz` one may be a zip bomb, so the body is never held whole: bytes are
 * gunzipped (when they are gzip), decoded and fed to htmlparser2's XML tokenizer chunk by chunk, and entries are
 * yielded as each chunk completes them. Plain-text sitemaps (one URL per line) are read the same way.
 * docs/crawler.md "Discovery and depth" says which sitemaps the crawler reads; what it does with the entries
 * (normalising, scope) is the caller's.
 */
import { Readable, pipeline } from 'node:stream';
import { constants, createGunzip } from 'node:zlib';
import { Parser } from 'htmlparser2';

export interface SitemapEntry {
  /** `url` from a `<urlset>` (or a text sitemap), `sitemap` from a `<sitemapindex>`. */
  kind: 'url' | 'sitemap';
  /** As written, entity-decoded and trimmed; not resolved or normalised. */
  loc: string;
  /** The `<lastmod>` text, trimmed, not validated; null when absent or empty. */
  lastmod: string | null;
}

export interface SitemapParseOptions {
  /**
   * The URL ends in `.gz`. Only a hint: the gzip magic bytes decide, because a `.gz` file is often served with
   * `Content-Encoding: gzip` and arrives already decompressed, while a plain `.xml` URL sometimes serves gzip.
   */
  gzip?: boolean;
  /** Stop after this many entries of either kind. */
  maxUrls?: number;
  /** Stop reading after this many decompressed bytes; entries cut off there are dropped. Default 50 MiB. */
  maxBytes?: number;
}

/**
 * A response body stream, or any async or sync iterable of chunks (`[buffer]` for a body already in memory).
 * Chunks are normally Buffers; a Readable with an encoding set gives strings, which are taken as UTF-8.
 */
export type SitemapBody = AsyncIterable<Buffer> | Iterable<Buffer> | Readable;

/** The sitemaps.org limit on an uncompressed sitemap, which Google enforces too. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** A URL longer than this is not a URL any crawler fetches; stops a runaway `<loc>` or line from growing. */
const MAX_FIELD_CHARS = 8192;

/**
 * Yields the entries of a sitemap body in document order. Malformed XML yields every entry whose `<loc>` closed
 * properly; a body cut short (by `maxBytes` or a truncated gzip) drops only the entry in progress. A gzip stream
 * that is corrupt, not merely short, throws after the entries before the damage.
 */
export async function* parseSitemap(
  body: SitemapBody,
  opts: SitemapParseOptions = {},
): AsyncGenerator<SitemapEntry> {
  const maxUrls = opts.maxUrls ?? Number.POSITIVE_INFINITY;
  const maxBytes = opts.maxBytes ?? SITEMAP_MAX_BYTES;
  if (maxUrls <= 0) return;

  const decoder = new TextDecoder('utf-8');
  const sink = new SniffingSink();
  let seen = 0;
  let yielded = 0;
  for await (const chunk of decompressed(body)) {
    const room = maxBytes - seen;
    const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
    seen += piece.length;
    sink.write(decoder.decode(piece, { stream: true }));
    const cut = piece.length < chunk.length;
    if (cut) sink.end(true);
    for (const entry of sink.drain()) {
      yield entry;
      if (++yielded >= maxUrls) return;
    }
    if (cut) return;
  }
  sink.write(decoder.decode());
  sink.end(false);
  for (const entry of sink.drain()) {
    yield entry;
    if (++yielded >= maxUrls) return;
  }
}

/** The body's bytes, gunzipped when they start with the gzip magic number 1f 8b. */
async function* decompressed(body: SitemapBody): AsyncGenerator<Buffer> {
  const it: AsyncIterator<unknown> | Iterator<unknown> =
    Symbol.asyncIterator in body
      ? (body as AsyncIterable<unknown>)[Symbol.asyncIterator]()
      : (body as Iterable<unknown>)[Symbol.iterator]();
  let done = false;
  try {
    let head = Buffer.alloc(0);
    while (head.length < 2) {
      const r = await it.next();
      if (r.done) {
        done = true;
        break;
      }
      head = Buffer.concat([head, toBuffer(r.value)]);
    }
    const rest = (async function* () {
      if (head.length > 0) yield head;
      while (!done) {
        const r = await it.next();
        if (r.done) done = true;
        else yield toBuffer(r.value);
      }
    })();
    if (head[0] === 0x1f && head[1] === 0x8b) yield* gunzip(rest);
    else yield* rest;
  } finally {
    // Stopping early (maxUrls, maxBytes, the caller breaking out) must release the socket or file behind `body`.
    if (!done) await it.return?.();
  }
}

async function* gunzip(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  // Z_SYNC_FLUSH at the end makes a truncated stream yield what it has instead of "unexpected end of file".
  const out = pipeline(Readable.from(source), createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }), () => {
    // errors surface through iterating `out`; the callback only keeps pipeline from rethrowing them unhandled
  });
  for await (const chunk of out) yield chunk as Buffer;
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), 'utf8');
}

interface Sink {
  write(text: string): void;
  /** `truncated`: the body was cut, so whatever is half-read is not trustworthy. */
  end(truncated: boolean): void;
  drain(): SitemapEntry[];
}

/** Waits for the first non-blank character: `<` means XML, anything else a text sitemap. */
class SniffingSink implements Sink {
  private inner: Sink | null = null;

  write(text: string): void {
    if (this.inner) return this.inner.write(text);
    // Leading blanks mean nothing to either format, so they are dropped rather than kept while waiting.
    const rest = text.trimStart();
    if (rest === '') return;
    this.inner = rest.startsWith('<') ? new XmlSink() : new TextSink();
    this.inner.write(rest);
  }

  end(truncated: boolean): void {
    this.inner?.end(truncated);
  }

  drain(): SitemapEntry[] {
    return this.inner ? this.inner.drain() : [];
  }
}

interface OpenEntry {
  kind: SitemapEntry['kind'];
  depth: number;
  loc: string | null;
  lastmod: string | null;
}

/**
 * Tracks nesting depth rather than tag names so that only a direct child `<loc>` counts: image and video
 * extensions put their own `<image:loc>` inside `<url>`. Prefixes are dropped (`<sm:url>` is `<url>`) since
 * sitemaps in the wild bind the namespace to any prefix, or to none.
 */
class XmlSink implements Sink {
  private readonly parser: Parser;
  private out: SitemapEntry[] = [];
  private depth = 0;
  private entry: OpenEntry | null = null;
  private field: { name: 'loc' | 'lastmod'; depth: number; text: string } | null = null;
  /** Set once the body is over; tags the parser closes after that were never closed by the document. */
  private ending = false;

  constructor() {
    this.parser = new Parser(
      {
        onopentag: (name) => this.open(localName(name)),
        ontext: (text) => {
          if (this.field && this.field.text.length <= MAX_FIELD_CHARS) this.field.text += text;
        },
        onclosetag: (_name, isImplied) => this.close(isImplied),
      },
      { xmlMode: true, decodeEntities: true },
    );
  }

  write(text: string): void {
    this.parser.write(text);
  }

  end(): void {
    this.ending = true;
    this.parser.end();
  }

  drain(): SitemapEntry[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private open(name: string): void {
    this.depth++;
    if (name === 'url' || name === 'sitemap') {
      // A new entry while one is open means a missing `</url>`: keep what the open one has and move on.
      this.flush();
      this.entry = { kind: name, depth: this.depth, loc: null, lastmod: null };
      this.field = null;
    } else if (this.entry && this.depth === this.entry.depth + 1 && (name === 'loc' || name === 'lastmod')) {
      this.field = { name, depth: this.depth, text: '' };
    }
  }

  private close(isImplied: boolean): void {
    if (this.field && this.depth === this.field.depth) {
      // A `<loc>` the document never closed ran into the end of the body: the URL may be cut short.
      const suspect = isImplied && this.ending;
      const value = this.field.text.trim();
      if (!suspect && value !== '' && value.length <= MAX_FIELD_CHARS && this.entry) {
        this.entry[this.field.name] = value;
      }
      this.field = null;
    }
    if (this.entry && this.depth === this.entry.depth) this.flush();
    this.depth--;
  }

  private flush(): void {
    const e = this.entry;
    this.entry = null;
    if (e?.loc) this.out.push({ kind: e.kind, loc: e.loc, lastmod: e.lastmod });
  }
}

/** A text sitemap: one absolute http(s) URL per line; anything else on a line is ignored. */
class TextSink implements Sink {
  private partial = '';
  private overlong = false;
  private out: SitemapEntry[] = [];

  write(text: string): void {
    const lines = (this.partial + text).split(/\r\n|\r|\n/);
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!this.overlong) this.take(line);
      this.overlong = false;
    }
    if (this.partial.length > MAX_FIELD_CHARS) {
      this.partial = '';
      this.overlong = true;
    }
  }

  end(truncated: boolean): void {
    if (!truncated && !this.overlong) this.take(this.partial);
    this.partial = '';
  }

  drain(): SitemapEntry[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private take(line: string): void {
    const loc = line.trim();
    if (!/^https?:\/\//i.test(loc)) return;
    try {
      new URL(loc);
    } catch {
      return;
    }
    this.out.push({ kind: 'url', loc, lastmod: null });
  }
}

function localName(qname: string): string {
  return qname.slice(qname.lastIndexOf(':') + 1).toLowerCase();
}
