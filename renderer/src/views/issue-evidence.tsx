/**
 * A finding's evidence in full, per shape: which link, which page, which status, which threshold. Everything from
 * the crawled site (anchor texts, titles, directives, URLs) is text; a URL that is a crawled page links to its
 * details in the app, never to the site itself.
 */
import type { ReactNode } from 'react';
import type { EvidenceKind, Finding } from '../api/types.js';
import { fmtInt, fmtScore } from '../format.js';
import { labValue, typedEvidence } from './issue-evidence-text.js';
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
      case 'page_resources':
        return (
          <>
            <List
              empty="No resource."
              items={e.value.resources.map((r) => (
                <>
                  <Status code={r.status} error={r.error} /> {ref(r.url)}{' '}
                  <span className="muted">
                    {r.kind}
                    {r.bytes === null ? '' : `, ${fmtInt(r.bytes)} bytes`}
                    {r.content_type ? `, ${r.content_type}` : ''}
                  </span>
                </>
              ))}
            />
            {e.value.count > e.value.resources.length && (
              <p className="muted">and {fmtInt(e.value.count - e.value.resources.length)} more</p>
            )}
            {e.value.threshold !== null && <Line label="Budget">{fmtInt(e.value.threshold)} bytes</Line>}
          </>
        );
      case 'declared':
        return (
          <>
            <Line label={e.value.what}>
              {e.value.value === null ? <span className="muted">absent</span> : <code>{e.value.value}</code>}
            </Line>
            <List
              empty="—"
              items={e.value.problems.map((p) => (
                <>{p}</>
              ))}
            />
          </>
        );
      case 'repeated':
        return (
          <>
            <Line label={e.value.what}>{fmtInt(e.value.count)}</Line>
            <List
              empty="—"
              items={e.value.values.map((v) => (
                <code>{v}</code>
              ))}
            />
          </>
        );
      case 'head_break':
        return (
          <>
            <Line label="Head ended by">
              <code>{e.value.element}</code>
            </Line>
            <Line label="Pushed into the body">
              {e.value.pushed.length ? (
                fmtInt(e.value.pushed.length)
              ) : (
                <span className="muted">no head element</span>
              )}
            </Line>
            <List
              empty=""
              items={e.value.pushed.map((p) => (
                <code>{p}</code>
              ))}
            />
          </>
        );
      case 'page_urls':
        return (
          <>
            <List empty="—" items={e.value.urls.map((u) => ref(u))} />
            {e.value.count > e.value.urls.length && (
              <p className="muted">and {fmtInt(e.value.count - e.value.urls.length)} more</p>
            )}
          </>
        );
      case 'insecure_forms':
        return (
          <>
            {e.value.password_over_http && (
              <Line label="Password field">
                <span>sent over plain HTTP</span>
              </Line>
            )}
            <Line label="Submits to">
              {e.value.count ? fmtInt(e.value.count) : <span className="muted">the page itself</span>}
            </Line>
            <List empty="" items={e.value.actions.map((a) => ref(a))} />
          </>
        );
      case 'long_alts':
        return (
          <>
            <List
              empty="—"
              items={e.value.images.map((i) => (
                <>
                  {ref(i.src)}{' '}
                  <span className="muted">
                    {fmtInt(i.length)} characters (limit {fmtInt(e.value.threshold)}):
                  </span>{' '}
                  <Anchor text={i.alt} />
                </>
              ))}
            />
            {e.value.count > e.value.images.length && (
              <p className="muted">and {fmtInt(e.value.count - e.value.images.length)} more</p>
            )}
          </>
        );
      case 'soft_404':
        return (
          <>
            <Line label="Reads as">
              {e.value.words ? (
                <Anchor text={e.value.words} />
              ) : (
                <span className="muted">{e.value.rule}</span>
              )}
            </Line>
            <Line label="Rule">{e.value.rule}</Line>
            <Line label="Words">{fmtInt(e.value.word_count)}</Line>
          </>
        );
      case 'phrases':
        return (
          <List
            empty="—"
            items={e.value.phrases.map((p) => (
              <>
                <Anchor text={p.phrase} /> <span className="muted">in {p.where}</span>
              </>
            ))}
          />
        );
      case 'pagination_targets':
        return (
          <List
            empty="—"
            items={e.value.targets.map((t) => (
              <>
                <code>{t.rel}</code> <Status code={t.status} /> {ref(t.url, t.page_id)}{' '}
                {t.indexability_reason && <span className="muted">{t.indexability_reason}</span>}
              </>
            ))}
          />
        );
      case 'pagination_pairs':
        return (
          <List
            empty="—"
            items={e.value.pairs.map((p) => (
              <>
                <code>{p.rel}</code> {ref(p.url, p.page_id)}{' '}
                <span className="muted">whose {p.rel === 'next' ? 'prev' : 'next'} is</span>{' '}
                {p.back ? ref(p.back) : <span className="muted">missing</span>}
              </>
            ))}
          />
        );
      case 'repetition':
        return (
          <Line label="Repeats">
            <code>/{e.value.segments.join('/')}/</code> × {fmtInt(e.value.times)}
          </Line>
        );
      case 'axe_violation':
        return (
          <>
            <Line label="Rule">
              <code>{e.value.rule}</code>
              {e.value.impact && <span className="muted"> ({e.value.impact})</span>}
              {e.value.wcag.length > 0 && <span className="muted"> · WCAG {e.value.wcag.join(', ')}</span>}
            </Line>
            <List
              empty="—"
              items={e.value.nodes.map((n) => (
                <>
                  <code>{n.target}</code> <code className="muted">{n.html}</code>
                  <div className="muted">{n.summary}</div>
                </>
              ))}
            />
            {e.value.count > e.value.nodes.length && (
              <p className="muted">and {fmtInt(e.value.count - e.value.nodes.length)} more elements</p>
            )}
          </>
        );
      case 'js_value':
        return (
          <>
            <Line label="Raw HTML">{e.value.raw ?? <span className="muted">none</span>}</Line>
            <Line label="Rendered">{e.value.rendered ?? <span className="muted">none</span>}</Line>
          </>
        );
      case 'js_robots':
        return (
          <>
            <Line label="Raw HTML">{e.value.raw_directives.join(', ') || '—'}</Line>
            <Line label="Rendered">{e.value.rendered_directives.join(', ') || '—'}</Line>
            <Line label="Change">{e.value.change.replace('_', ' ')}</Line>
          </>
        );
      case 'js_links':
        return (
          <>
            <Line label="Internal links">
              {fmtInt(e.value.raw_links)} raw · {fmtInt(e.value.rendered_links)} rendered
            </Line>
            <List empty="—" items={e.value.links.map((u) => ref(u))} />
            {e.value.count > e.value.links.length && (
              <p className="muted">and {fmtInt(e.value.count - e.value.links.length)} more</p>
            )}
          </>
        );
      case 'js_words':
        return (
          <Line label="Main text">
            {fmtInt(e.value.raw_words)} words raw · {fmtInt(e.value.rendered_words)} rendered
          </Line>
        );
      case 'js_console':
        return (
          <>
            <List
              empty="—"
              items={e.value.messages.map((m) => (
                <>
                  <span className="muted">{m.kind === 'uncaught' ? 'Uncaught' : 'console.error'}</span>{' '}
                  <code>{m.text}</code>
                  {m.source && <div className="muted">{m.source}</div>}
                </>
              ))}
            />
            {e.value.count > e.value.messages.length && (
              <p className="muted">{fmtInt(e.value.count)} errors in all</p>
            )}
          </>
        );
      case 'js_blocked':
        return (
          <>
            <List
              empty="—"
              items={e.value.blocked.map((b) => (
                <>
                  <span className="muted">{b.kind}</span> {ref(b.url)}
                </>
              ))}
            />
            {e.value.count > e.value.blocked.length && (
              <p className="muted">and {fmtInt(e.value.count - e.value.blocked.length)} more</p>
            )}
          </>
        );
      case 'lab_metric': {
        // Selectors and texts are the crawled page's: shown as text, never as markup.
        const v = e.value;
        return (
          <>
            <Line label="Measured">
              {labValue(v.value, v.unit)}; the threshold is {labValue(v.threshold, v.unit)}{' '}
              <span className="muted">
                (lab, {v.profile} profile, {fmtInt(v.requests)} requests
                {v.incomplete ? ', still loading when measured' : ''})
              </span>
            </Line>
            {v.elements.length > 0 && (
              <List
                empty="—"
                items={v.elements.map((el) => (
                  <>
                    <code>{el.selector}</code> {el.text && <span>“{el.text}”</span>}
                    {el.value !== null && <span className="muted"> · shift {el.value.toFixed(3)}</span>}
                  </>
                ))}
              />
            )}
          </>
        );
      }
      case 'url':
        return <p className="muted">The URL itself is the finding.</p>;
    }
  })();
  return <div className="evidence">{body}</div>;
}
