/**
 * What the audit's link, form, image and pagination checks read of a page's markup (#35), gathered during the
 * one htmlparser2 pass (page-collector.ts calls `open` for every element) and stored as the `links` part of
 * `page_facts` (store/repos/page-facts-repo.ts, `LinkFacts`): links opening a new tab to another origin with the
 * opener kept, protocol-relative URLs, links to http:// on the page's own host, insecure forms, images without
 * size attributes, and where `rel=next` / `rel=prev` lead.
 *
 * Raw attribute values are kept until `finish`, which resolves them against the document's base (known only at
 * the end). The per-element work is one switch on the tag name; only `a`, `area`, `link`, `img`, `form`,
 * `input` and elements with a `src` look at their attributes. On the PostgreSQL manual it costs about 20 µs a page
 * beside `extractHtml`'s ~820 (docs/benchmarks.md, "The link checks' cost").
 */
import type { LinkFacts, MarkupFacts, PageFacts, UrlList } from '../../store/repos/page-facts-repo.js';

/** URLs kept per list; the count says how many there were. */
export const LINK_FACTS_LIST_MAX = 20;
/** Elements of each kind looked at: a page with 100,000 links is not read to its end for these lists. */
const ELEMENTS_MAX = 5000;

type Attribs = Readonly<Record<string, string>>;

interface RawForm {
  action: string | undefined;
  post: boolean;
  password: boolean;
}

export class LinkFactsCollector {
  private readonly blank: string[] = [];
  private readonly anchors: string[] = [];
  private readonly relative: string[] = [];
  private readonly unsized: string[] = [];
  private readonly forms: RawForm[] = [];
  /** The form an `<input>` belongs to: the innermost open one (forms do not nest in HTML). */
  private form: RawForm | null = null;
  private formDepth = -1;
  /** A password field outside any form still asks for a password over the page's own scheme. */
  private loosePassword = false;
  private next: string | null = null;
  private prev: string | null = null;

  open(name: string, attribs: Attribs, depth: number): void {
    switch (name) {
      case 'a':
      case 'area': {
        const href = attribs.href;
        if (href === undefined) return;
        this.protocolRelative(href);
        if (this.anchors.length < ELEMENTS_MAX) this.anchors.push(href);
        if (attribs.target !== undefined && attribs.target.trim().toLowerCase() === '_blank') {
          if (openerKept(attribs.rel)) this.blank.push(href);
        }
        if (attribs.rel !== undefined) this.pagination(attribs.rel, href);
        return;
      }
      case 'link': {
        const href = attribs.href;
        if (href === undefined) return;
        this.protocolRelative(href);
        if (attribs.rel !== undefined) this.pagination(attribs.rel, href);
        return;
      }
      case 'img': {
        const src = attribs.src ?? attribs['data-src'];
        if (src === undefined) return;
        this.protocolRelative(src);
        if (!sized(attribs) && this.unsized.length < ELEMENTS_MAX) this.unsized.push(src);
        return;
      }
      case 'script':
      case 'iframe':
      case 'source':
      case 'embed':
      case 'video':
      case 'audio':
      case 'track':
        if (attribs.src !== undefined) this.protocolRelative(attribs.src);
        return;
      case 'form': {
        const f: RawForm = {
          action: attribs.action,
          post: (attribs.method ?? '').trim().toLowerCase() === 'post',
          password: false,
        };
        if (this.forms.length < ELEMENTS_MAX) this.forms.push(f);
        if (attribs.action !== undefined) this.protocolRelative(attribs.action);
        this.form = f;
        this.formDepth = depth;
        return;
      }
      case 'input':
        if ((attribs.type ?? '').trim().toLowerCase() !== 'password') return;
        if (this.form !== null) this.form.password = true;
        else this.loosePassword = true;
        return;
      default:
        return;
    }
  }

  /** The element at `depth` closed (called for the open form's depth only: `formDepth`). */
  close(depth: number): void {
    if (depth === this.formDepth) {
      this.form = null;
      this.formDepth = -1;
    }
  }

  /** The depth whose close `close` needs to hear of, or -1. */
  get watching(): number {
    return this.formDepth;
  }

  private protocolRelative(value: string): void {
    const v = value.trimStart();
    if (v.charCodeAt(0) === 0x2f && v.charCodeAt(1) === 0x2f && this.relative.length < ELEMENTS_MAX)
      this.relative.push(v.trimEnd());
  }

  private pagination(rel: string, href: string): void {
    if (this.next !== null && this.prev !== null) return;
    for (const token of rel.toLowerCase().split(/\s+/)) {
      if (token === 'next') this.next ??= href;
      else if (token === 'prev' || token === 'previous') this.prev ??= href;
    }
  }

  /**
   * The part, once the document is read: `resolve` turns an href into an absolute http(s) URL against the
   * document's base (null when it is not one); `pageUrl` is the URL the page was served from.
   */
  finish(resolve: (href: string) => string | null, pageUrl: string): LinkFacts {
    const page = new URL(pageUrl);
    const https = page.protocol === 'https:';
    const host = bareHost(page.hostname);
    const blank = new UrlSet();
    for (const href of this.blank) {
      const url = resolve(href.trim());
      if (url !== null && new URL(url).origin !== page.origin) blank.add(url);
    }
    // Links to http:// on the page's own host: the site downgrades its own visitors (HTTPS pages only).
    const http = new UrlSet();
    if (https) {
      for (const href of this.anchors) {
        const url = resolve(href.trim());
        if (url !== null && url.startsWith('http:') && bareHost(new URL(url).hostname) === host)
          http.add(url);
      }
    }
    const relative = new UrlSet();
    for (const v of this.relative) relative.add(v);
    const unsized = new UrlSet();
    for (const src of this.unsized) {
      if (src.trim() === '') continue;
      const url = resolve(src.trim());
      if (url !== null) unsized.add(url);
    }
    let passwordOverHttp = !https && this.loosePassword;
    const actions = new UrlSet();
    for (const f of this.forms) {
      // No action (or an empty one) submits to the document's own URL.
      const target = f.action === undefined || f.action.trim() === '' ? pageUrl : resolve(f.action.trim());
      if (target === null) continue;
      const plain = target.startsWith('http:');
      if (f.password && plain) passwordOverHttp = true;
      // A POST in the clear, or any form leaving an HTTPS page for http:// (browsers warn before sending it).
      if (plain && (f.post || f.password || (https && f.action !== undefined))) actions.add(target);
    }
    const facts: LinkFacts = {};
    if (blank.size > 0) facts.blank_unsafe = blank.list();
    if (relative.size > 0) facts.protocol_relative = relative.list();
    if (http.size > 0) facts.http_links = http.list();
    if (unsized.size > 0) facts.images_unsized = unsized.list();
    if (passwordOverHttp || actions.size > 0)
      facts.forms = { password_over_http: passwordOverHttp, actions: actions.list() };
    const next = this.next === null ? null : resolve(this.next.trim());
    const prev = this.prev === null ? null : resolve(this.prev.trim());
    if (next !== null) facts.next = next;
    if (prev !== null) facts.prev = prev;
    return facts;
  }
}

/**
 * True when a `target=_blank` link keeps `window.opener`: no `noopener` or `noreferrer` in its `rel`, or an
 * explicit `opener`, which turns back on what browsers now imply for `_blank`.
 */
export function openerKept(rel: string | undefined): boolean {
  if (rel === undefined || rel === '') return true;
  let safe = false;
  for (const token of rel.toLowerCase().split(/\s+/)) {
    if (token === 'opener') return true;
    if (token === 'noopener' || token === 'noreferrer') safe = true;
  }
  return !safe;
}

/**
 * Both dimensions declared on the element: `width` and `height` attributes, or both in its inline `style`
 * (an `aspect-ratio` with one of them also reserves the box). CSS from a stylesheet is not seen here.
 */
export function sized(attribs: Attribs): boolean {
  const w = attribs.width?.trim();
  const h = attribs.height?.trim();
  if (w && h) return true;
  const style = attribs.style;
  if (style === undefined) return false;
  const s = style.toLowerCase();
  const width = Boolean(w) || /(?:^|[;\s])width\s*:/.test(s);
  const height = Boolean(h) || /(?:^|[;\s])height\s*:/.test(s);
  const ratio = /(?:^|[;\s])aspect-ratio\s*:/.test(s);
  return (width && height) || (ratio && (width || height));
}

/** `www.example.com` and `example.com` are one site for "its own host". */
function bareHost(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** Distinct URLs in document order: the first `LINK_FACTS_LIST_MAX` kept, all counted. */
class UrlSet {
  private readonly seen = new Set<string>();
  get size(): number {
    return this.seen.size;
  }
  add(url: string): void {
    this.seen.add(url);
  }
  list(): UrlList {
    const urls: string[] = [];
    for (const u of this.seen) {
      if (urls.length === LINK_FACTS_LIST_MAX) break;
      urls.push(u);
    }
    return { urls, count: this.seen.size };
  }
}

/**
 * The `links` part with its `rel=next` / `rel=prev` targets normalised as the crawl normalises links (page-builder.ts
 * does this where the site's URL settings are known), so the audit finds them among the crawled URLs.
 */
export function normalizeLinkFacts(
  facts: MarkupFacts,
  normalize: (url: string) => string | null,
): Pick<PageFacts, 'links'> {
  const links = (facts as PageFacts).links;
  if (links === undefined) return {};
  const out: LinkFacts = { ...links };
  // Lists keep URLs as the page wrote them, but never a `user:password@` (the crawl stores no credentials) and
  // never a URL longer than a browser would send.
  for (const key of ['blank_unsafe', 'protocol_relative', 'http_links', 'images_unsized'] as const) {
    const list = links[key];
    if (list) out[key] = { ...list, urls: list.urls.map(storable) };
  }
  if (links.forms)
    out.forms = {
      ...links.forms,
      actions: { ...links.forms.actions, urls: links.forms.actions.urls.map(storable) },
    };
  delete out.next;
  delete out.prev;
  const next = links.next === undefined ? null : normalize(links.next);
  const prev = links.prev === undefined ? null : normalize(links.prev);
  if (next !== null) out.next = next;
  if (prev !== null) out.prev = prev;
  return { links: out };
}

const URL_MAX = 2048;
const CREDENTIALS = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)[^/?#@]*@/i;

/** A listed URL as stored: credentials out, length bounded. */
export function storable(url: string): string {
  const bare = url.replace(CREDENTIALS, '$1');
  return bare.length > URL_MAX ? bare.slice(0, URL_MAX) : bare;
}
