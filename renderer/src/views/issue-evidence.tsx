/**
 * A finding's evidence in full, per shape: which link, which page, which status, which threshold. Everything from
 * the crawled site (anchor texts, titles, directives, URLs) is text; a URL that is a crawled page links to its
 * details in the app, never to the site itself.
 */
import type { ReactNode } from 'react';
import type { EvidenceKind, Finding } from '../api/types.js';
import { fmtInt, fmtScore } from '../format.js';
import { typedEvidence } from './issue-evidence-text.js';
import {
  Anchor,
  Images,
  JsonLdBlocks,
  Line,
  LinkedFrom,
  List,
  Status,
  UrlRef,
  type Target,
} from './issue-evidence-parts.js';

export function EvidenceView({
  kind,
  evidence,
  siteId,
}: {
  kind: EvidenceKind;
  evidence: Finding['evidence'];
  siteId: number;
}) {
  const e = typedEvidence(kind, evidence);
  const ref = (url: string, pageId: number | null = null) => (
    <UrlRef url={url} pageId={pageId} siteId={siteId} />
  );
  const sitemaps = (files: string[]) => (
    <Line label="Listed in">
      {files.length ? (
        files.map((s, i) => (
          <span key={s}>
            {i > 0 && ', '}
            {ref(s)}
          </span>
        ))
      ) : (
        <span className="muted">a sitemap</span>
      )}
    </Line>
  );
  const targets = <T extends Target>(
    items: T[],
    after: (t: T) => ReactNode,
    { ordered = false, empty = 'No target.' } = {},
  ) => (
    <List
      ordered={ordered}
      empty={empty}
      items={items.map((t) => (
        <>
          <Status code={t.status} error={t.error} /> {ref(t.url, t.page_id ?? null)} {after(t)}
        </>
      ))}
    />
  );
  const body = ((): ReactNode => {
    switch (e.kind) {
      case 'status':
        return (
          <>
            <Line label="Answered">
              <Status code={e.value.status} error={e.value.error} />
            </Line>
            <LinkedFrom from={e.value.linked_from} siteId={siteId} />
          </>
        );
      // A target: its status, then the link's URL, then where it ends or what it says.
      case 'link_targets':
        return targets(e.value.targets, (t) => <Anchor text={t.anchor_text} />);
      case 'redirect_targets':
        return targets(e.value.targets, (t) => (
          <>→ {t.final_url ? ref(t.final_url) : <span className="muted">no final URL</span>}</>
        ));
      case 'hops':
        return targets(e.value.hops, () => null, { ordered: true, empty: 'No hop.' });
      case 'text':
        return (
          <>
            <Line label="Text">
              {e.value.text === null ? (
                <span className="muted">missing</span>
              ) : (
                <Anchor text={e.value.text} />
              )}
            </Line>
            <Line label="Length">
              {fmtInt(e.value.length)} characters
              {e.value.threshold !== null && `; the limit is ${fmtInt(e.value.threshold)}`}
            </Line>
          </>
        );
      case 'shared_text':
        return (
          <>
            <Line label="Text">
              <Anchor text={e.value.text} />
            </Line>
            <h4>Shared with {e.value.count - 1} other pages</h4>
            <List empty="No other page." items={e.value.others.map((o) => ref(o.url, o.page_id))} />
          </>
        );
      case 'headings':
        return (
          <List
            ordered
            empty="No H1 on the page."
            items={e.value.h1s.map((h) => (
              <Anchor text={h} />
            ))}
          />
        );
      case 'heading_skip':
        return (
          <Line label={`H${e.value.from_level} followed by H${e.value.to_level}:`}>
            <Anchor text={e.value.text} />
          </Line>
        );
      case 'canonical':
        return (
          <Line label="Canonical">
            {ref(e.value.canonical, e.value.page_id)} <Status code={e.value.status} />
          </Line>
        );
      case 'directives':
        return (
          <>
            <Line label="Meta robots">{e.value.meta_robots ?? '—'}</Line>
            <Line label="X-Robots-Tag">{e.value.x_robots_tag ?? '—'}</Line>
          </>
        );
      case 'reason':
        return (
          <>
            <Line label="Reason">{e.value.reason}</Line>
            {sitemaps(e.value.sitemaps)}
          </>
        );
      case 'sitemaps':
        return sitemaps(e.value.sitemaps);
      case 'hreflang':
        return (
          <List
            empty="No alternate."
            items={e.value.alternates.map((a) => (
              <>
                <code>{a.code}</code> {ref(a.url)} <Status code={a.status} />
                {a.reason && <span className="muted"> {a.reason}</span>}
              </>
            ))}
          />
        );
      case 'hreflang_set':
        return (
          <Line label="Codes">
            {e.value.codes.length ? (
              <code>{e.value.codes.join(', ')}</code>
            ) : (
              <span className="muted">none</span>
            )}
          </Line>
        );
      case 'words':
        return (
          <>
            <Line label="Main text">
              {fmtInt(e.value.word_count)} words; the threshold is {fmtInt(e.value.threshold)}
            </Line>
            {e.value.structured_share !== null && (
              <Line label="Code, definitions, tables">
                {Math.round(e.value.structured_share * 100)}% of it (from half, a page is a reference entry
                and is not listed)
              </Line>
            )}
          </>
        );
      case 'group':
        return (
          <>
            <Line label="Compared by">{e.value.method}</Line>
            <List
              empty="No other page."
              items={e.value.others.map((o) => (
                <>
                  {ref(o.url, o.page_id)} <span className="muted">similarity {fmtScore(o.similarity)}</span>
                </>
              ))}
            />
          </>
        );
      case 'value':
        return (
          <Line label="Value">
            {fmtInt(e.value.value)} {e.value.unit}; the threshold is {fmtInt(e.value.threshold)}{' '}
            {e.value.unit}
          </Line>
        );
      case 'linked_from':
        return <LinkedFrom from={e.value.linked_from} siteId={siteId} />;
      case 'robots':
        return (
          <>
            <Line label="Blocked by">
              {e.value.rule ?? <span className="muted">no rule kept for this host</span>}{' '}
              <span className="muted">
                ({e.value.line === null ? '' : `line ${e.value.line} of `}
                {e.value.robots_url})
              </span>
            </Line>
            <LinkedFrom from={e.value.linked_from} siteId={siteId} />
          </>
        );
      case 'images':
        return <Images images={e.value.images} count={e.value.count} siteId={siteId} />;
      case 'json_ld':
        return <JsonLdBlocks blocks={e.value.blocks} />;
      case 'outlier':
        return (
          <Line label="Nearest page">
            {e.value.nearest ? (
              <>
                {ref(e.value.nearest.url, e.value.nearest.page_id)}{' '}
                <span className="muted">
                  similarity {fmtScore(e.value.nearest.similarity)}; the threshold is{' '}
                  {fmtScore(e.value.threshold)}
                </span>
              </>
            ) : (
              <span className="muted">none: no other page is embedded</span>
            )}
          </Line>
        );
      case 'url':
        return <p className="muted">The URL itself is the finding.</p>;
    }
  })();
  return <div className="evidence">{body}</div>;
}
