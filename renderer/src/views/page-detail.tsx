/**
 * One page in full: what the crawler found (status, indexability, canonical, headings, hreflang, structured
 * data), the values of the site's extraction rules, the audit's findings on it, its states crawl by crawl, its
 * inbound and outbound links, the pages most similar to it, and its Search Console figures.
 * Everything from the crawled site is rendered as text.
 */
import { useId, useState } from 'react';
import { call } from '../api/call.js';
import type { Page } from '../api/types.js';
import { PAGE_TYPE_INFO } from '../api/value-lists.js';
import { Badge, ExternalLink, Stat, Tabs } from '../components/controls.js';
import { ExtractFull } from '../components/extract-value.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { PageName } from '../components/page-title.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useApi } from '../hooks/use-api.js';
import { fmtBytes, fmtDate, fmtInt, fmtMs, fmtScore, shortUrl, statusTone, words } from '../format.js';
import { links } from '../router.js';
import { GscPagePanel } from './gsc-page-panel.js';
import { PageHistoryPanel } from './page-history-panel.js';
import { PageIssuesPanel } from './page-issues-panel.js';
import { PageRenderPanel } from './page-render-panel.js';
import { LINKS_PENDING, LinksTable } from './page-links-table.js';

export function PageDetailView({ siteId, pageId }: { siteId: number; pageId: number }) {
  const page = useApi((signal) => call('pages.get', { page_id: pageId }, { signal }), [pageId]);
  return (
    <section className="view">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <a href={links.site(siteId, 'pages')}>Pages</a> <span aria-hidden="true">›</span>{' '}
        <span>{page.data ? shortUrl(page.data.url) : `Page ${pageId}`}</span>
      </nav>
      <ErrorNotice error={page.error} />
      {!page.data && !page.error && <Loading />}
      {page.data && <PageDetail page={page.data} />}
    </section>
  );
}

type Tab = 'inlinks' | 'outlinks' | 'similar' | 'gsc';

export function PageDetail({ page, compact = false }: { page: Page; compact?: boolean }) {
  const [tab, setTab] = useState<Tab>('inlinks');
  const crawling = useActiveJobs({ siteId: page.site_id }).active.some(
    (j) => j.kind === 'crawl' && j.status === 'running',
  );
  const linkCount = (n: number) => (crawling ? '—' : fmtInt(n));
  return (
    <article className="page-detail">
      <header className="view-header">
        <div className="page-detail-title">
          {compact ? (
            <h2>{page.title || shortUrl(page.url)}</h2>
          ) : (
            <h1>{page.title || shortUrl(page.url)}</h1>
          )}
          <p className="view-lede break">
            <ExternalLink url={page.url} />
          </p>
        </div>
        <div className="badge-row">
          <Badge tone={statusTone(page.status_code)}>{page.status_code ?? 'fetch error'}</Badge>
          {page.indexable ? (
            <Badge tone="ok">indexable</Badge>
          ) : (
            <Badge tone="warn">{words(page.indexability_reason)}</Badge>
          )}
          {page.page_type && (
            <span title={PAGE_TYPE_INFO[page.page_type].hint}>
              <Badge tone="info">{PAGE_TYPE_INFO[page.page_type].label.toLowerCase()}</Badge>
            </span>
          )}
          {page.rendered && <Badge tone="info">rendered</Badge>}
          {page.in_sitemap && <Badge tone="info">in sitemap</Badge>}
          {!compact && (
            <a className="btn btn-small" href={links.graphFocus(page.site_id, page.id)}>
              Show in link graph
            </a>
          )}
        </div>
      </header>

      <div className="stat-row panel">
        <Stat label="depth" value={fmtInt(page.depth)} />
        <Stat
          label="inlinks"
          value={linkCount(page.inlinks)}
          hint={crawling ? LINKS_PENDING : 'Other pages that link here (a link to itself is not counted)'}
        />
        <Stat label="outlinks" value={linkCount(page.outlinks)} hint={crawling ? LINKS_PENDING : undefined} />
        <Stat label="words" value={fmtInt(page.word_count)} />
        <Stat label="response" value={fmtMs(page.response_ms)} />
        <Stat label="size" value={fmtBytes(page.bytes)} />
      </div>

      {!compact && <PageIssuesPanel page={page} />}

      <div className={compact ? '' : 'two-col'}>
        <dl className="panel facts">
          <Fact label="Meta description" value={page.meta_description} />
          <Fact label="H1" value={page.h1} />
          <Fact label="Page type" value={pageTypeText(page)} />
          <Fact
            label="Canonical"
            value={
              page.canonical_url
                ? `${page.canonical_url} (${page.canonical_state ?? ''})`
                : page.canonical_state
                  ? words(page.canonical_state)
                  : null
            }
          />
          {!compact && (
            <>
              <Fact label="Meta robots" value={page.meta_robots} />
              <Fact label="X-Robots-Tag" value={page.x_robots_tag} />
              <Fact label="Content type" value={page.content_type} />
              <Fact label="Language" value={page.language} />
              <Fact label="Structured data" value={page.structured_data_types.join(', ') || null} />
              <Fact
                label="Hreflang"
                value={page.hreflang.map((h) => `${h.lang}: ${h.url}`).join('\n') || null}
              />
              <Fact
                label="Redirects"
                value={page.redirect_chain.map((r) => `${r.status ?? '—'} → ${r.url}`).join('\n') || null}
              />
              <Fact label="Fetch error" value={page.fetch_error} />
              <Fact label="Crawled" value={fmtDate(page.crawled_at)} />
            </>
          )}
        </dl>
        {!compact && (
          <div className="panel headings">
            <h2>Headings</h2>
            {page.headings.length === 0 ? (
              <p className="muted">No headings.</p>
            ) : (
              <ol className="outline">
                {page.headings.slice(0, 80).map((h, i) => (
                  <li key={i} className={`outline-h${h.level}`}>
                    <span className="muted">H{h.level}</span> {h.text}
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </div>

      {page.render && !compact && <PageRenderPanel render={page.render} />}

      <ExtractedValues page={page} />

      {!compact && <PageHistoryPanel page={page} />}

      <div className="panel">
        <Tabs
          label="Page relations"
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'inlinks', label: `Inlinks (${linkCount(page.inlinks)})` },
            { id: 'outlinks', label: `Outlinks (${linkCount(page.outlinks)})` },
            { id: 'similar', label: 'Similar pages' },
            { id: 'gsc', label: 'Search Console' },
          ]}
        />
        <div role="tabpanel">
          {tab === 'inlinks' && <LinksTable page={page} direction="in" counted={!crawling} />}
          {tab === 'outlinks' && <LinksTable page={page} direction="out" counted={!crawling} />}
          {tab === 'similar' && <SimilarPages page={page} />}
          {tab === 'gsc' && <GscPagePanel page={page} />}
        </div>
      </div>
    </article>
  );
}

/**
 * The page's type with the signals that decided it, as the classifier recorded them (`rule` in words, then each
 * signal): "Hub — table of contents: toc entries 42, toc share 0.64".
 */
function pageTypeText(page: Page): string | null {
  if (!page.page_type) return null;
  const label = PAGE_TYPE_INFO[page.page_type].label;
  const ev = page.page_type_evidence;
  if (!ev) return label;
  const { rule, ...signals } = ev;
  const parts = Object.entries(signals).map(([k, v]) => `${words(k)} ${String(v)}`);
  return `${label} — ${words(String(rule ?? ''))}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** The site's extraction rules on this page, as the crawl (or a re-apply) stored them; none when it has no rules. */
function ExtractedValues({ page }: { page: Page }) {
  const titleId = useId();
  const entries = Object.entries(page.extract ?? {});
  if (!entries.length) return null;
  return (
    <section className="panel extracted" aria-labelledby={titleId}>
      <h2 id={titleId}>Custom extraction</h2>
      <dl className="facts">
        {entries.map(([name, value]) => (
          <div key={name} className="fact" data-rule={name}>
            <dt className="mono">{name}</dt>
            <dd>
              <ExtractFull value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={value ? 'pre-line' : 'muted'}>{value || '—'}</dd>
    </>
  );
}

function SimilarPages({ page }: { page: Page }) {
  const similar = useApi(
    (signal) => call('pages.similar', { page_id: page.id, k: 10 }, { signal }),
    [page.id],
  );
  if (similar.error) return <ErrorNotice error={similar.error} />;
  if (!similar.data) return <Loading />;
  if (!similar.data.items.length)
    return (
      <EmptyState title="No similar pages.">
        <p>Pages appear here once the site’s pages are embedded (after each crawl).</p>
      </EmptyState>
    );
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Page</th>
          <th scope="col" className="num">
            Similarity
          </th>
        </tr>
      </thead>
      <tbody>
        {similar.data.items.map((hit) => (
          <tr key={hit.page.id}>
            <td>{hit.rank}</td>
            <td>
              <PageName page={hit.page} />
            </td>
            <td className="num">{fmtScore(hit.score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
