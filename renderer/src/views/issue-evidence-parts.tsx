/**
 * The pieces a finding's evidence is drawn with: URLs (a link to the page's details when the URL is a crawled
 * page, text otherwise), statuses, anchor texts, lists that show their first items until asked for all, and the
 * shapes with more structure than a line (linking pages, images, JSON-LD blocks). Everything is text.
 */
import { useState, type ReactNode } from 'react';
import type { EvidenceOf } from '../api/types.js';
import { Badge, ExternalLink } from '../components/controls.js';
import { fmtInt, siteUrl, statusTone } from '../format.js';
import { links } from '../router.js';
import { useSiteOrigin } from '../sites-context.js';
import { statusText } from './issue-evidence-text.js';

/** A URL as text; a link to the page's details when it is a crawled page. */
export function UrlRef({ url, pageId, siteId }: { url: string; pageId: number | null; siteId: number }) {
  const text = siteUrl(url, useSiteOrigin(siteId));
  if (pageId === null)
    return (
      <span className="mono url-ref" title={url}>
        {text}
      </span>
    );
  return (
    <a
      className="mono url-ref"
      href={links.page(siteId, pageId)}
      title={`${url} — open the page’s details`}
      onClick={(e) => e.stopPropagation()}
    >
      {text}
    </a>
  );
}

export function Status({ code, error }: { code: number | null; error?: string | null }) {
  return <Badge tone={code === null && !error ? 'muted' : statusTone(code)}>{statusText(code, error)}</Badge>;
}

export function Anchor({ text }: { text: string | null }) {
  return text ? (
    <span className="anchor-text">“{text}”</span>
  ) : (
    <span className="muted">(no anchor text)</span>
  );
}

/** Items shown at first: a long list (20 linking pages) would push the rest of a page's issues away. */
const FIRST_ITEMS = 8;

export function List({ items, ordered, empty }: { items: ReactNode[]; ordered?: boolean; empty: string }) {
  const [all, setAll] = useState(false);
  if (!items.length) return empty ? <p className="muted">{empty}</p> : null;
  const shown = all ? items : items.slice(0, FIRST_ITEMS);
  const children = shown.map((item, i) => <li key={i}>{item}</li>);
  return (
    <>
      {ordered ? (
        <ol className="evidence-list">{children}</ol>
      ) : (
        <ul className="evidence-list">{children}</ul>
      )}
      {shown.length < items.length && (
        <button type="button" className="btn btn-link btn-small" onClick={() => setAll(true)}>
          Show {items.length - shown.length} more
        </button>
      )}
    </>
  );
}

export function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="evidence-line">
      <span className="muted">{label}</span> {children}
    </p>
  );
}

/** A URL the evidence names with how it answered: a link's target, a redirect's hop. */
export type Target = { url: string; page_id?: number | null; status: number | null; error?: string | null };
type LinkFrom = { url: string; page_id: number | null; anchor_text: string | null };

export function LinkedFrom({ from, siteId }: { from: LinkFrom[]; siteId: number }) {
  return (
    <>
      <h4>Linked from{from.length ? ` (${from.length})` : ''}</h4>
      <List
        empty="No crawled page links here."
        items={from.map((l) => (
          <>
            <UrlRef url={l.url} pageId={l.page_id} siteId={siteId} /> <Anchor text={l.anchor_text} />
          </>
        ))}
      />
    </>
  );
}

export function Images({ images, count, siteId }: { images: string[]; count: number; siteId: number }) {
  const more = count - images.length;
  return (
    <>
      <List
        empty="No image listed."
        items={images.map((src) => (
          <UrlRef url={src} pageId={null} siteId={siteId} />
        ))}
      />
      {more > 0 && <p className="muted">and {fmtInt(more)} more</p>}
    </>
  );
}

type JsonLdBlock = EvidenceOf<'json_ld'>['blocks'][number];

export function JsonLdBlocks({ blocks }: { blocks: JsonLdBlock[] }) {
  if (!blocks.length) return <p className="muted">No block.</p>;
  return (
    <>
      {blocks.map((b) => (
        <div key={b.index} className="json-ld-block">
          <h4>JSON-LD block {b.index}</h4>
          {b.error && <Line label="Does not parse:">{b.error}</Line>}
          <List
            empty={b.error ? '' : 'Nothing required is missing.'}
            items={b.missing.map((m) => (
              <>
                <code>{m.type}</code> at <code>{m.path}</code> lacks <code>{m.property}</code>{' '}
                <span className="muted">({m.reason}; </span>
                <ExternalLink url={m.source}>Google’s requirement</ExternalLink>
                <span className="muted">)</span>
              </>
            ))}
          />
          <pre className="evidence-code">{b.text}</pre>
        </div>
      ))}
    </>
  );
}
