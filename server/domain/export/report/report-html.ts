/**
 * The site report as one self-contained HTML file: inline CSS, inline SVG charts, no script and no request
 * to anywhere (its own Content-Security-Policy forbids both), so a client can open it from an email. Sections
 * carry `data-*` counts so the file can be checked by a machine as well as read.
 */
import { barChart, PALETTE, statusColor, type Bar } from './report-charts.js';
import { html, num, trusted, urlLink, type Markup } from './html-template.js';
import { OTHER_URL_REASON_TEXT } from './other-url-reasons.js';
import type { ReportData, ReportIssue } from './report-data.js';
import { REPORT_CSS } from './report-styles.js';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');
const ms = (v: number | null) => (v === null ? '–' : `${num(v)} ms`);
const more = (shown: number, total: number, what: string) =>
  total > shown ? html`<p class="more">Showing ${num(shown)} of ${num(total)} ${what}.</p>` : html``;

/** The app's overview and the CLI name the same count with the same words. */
export const ERRORS_HINT = '4xx, 5xx and failed fetches';

function metric(key: string, label: string, value: number | string, hint?: string): Markup {
  return html`<div data-metric="${key}">
    <dt>${label}${hint ? html` <small>(${hint})</small>` : ''}</dt>
    <dd>${typeof value === 'number' ? num(value) : value}</dd>
  </div>`;
}

function summary(d: ReportData): Markup {
  const s = d.summary;
  return html`<section id="summary">
    <h2>Site summary</h2>
    <p class="lead">Crawled ${when(s.last_crawl_at)} from ${urlLink(d.site.start_url)}.</p>
    <dl class="metrics">
      ${metric('pages', 'URLs crawled', s.pages)}${metric('html_pages', 'HTML pages (2xx)', s.html_pages)}
      ${metric('indexable', 'Indexable pages', s.indexable)}${metric('redirects', 'Redirects', s.redirects)}
      ${metric('errors', 'Errors', s.errors, ERRORS_HINT)}${metric('blocked', 'Blocked by robots.txt', s.blocked)}
      ${metric('embedded', 'Pages embedded', s.embedded)}${metric('crawl_date', 'Crawl date', when(s.last_crawl_at))}
      ${metric('response_p50', 'Median response', ms(s.response_ms.p50))}${metric('response_p95', '95th percentile response', ms(s.response_ms.p95))}
      ${metric('response_mean', 'Mean response', ms(s.response_ms.mean))}${metric('response_max', 'Slowest response', ms(s.response_ms.max))}
    </dl>
  </section>`;
}

function chartFigure(id: string, title: string, bars: Bar[], wide = false): Markup {
  return html`<figure id="chart-${id}" class="${wide ? 'wide' : ''}">
    <figcaption>${title}</figcaption>
    ${trusted(barChart(id, title, bars))}
    <table class="chart-data" data-chart="${id}">
      <tbody>
        ${bars.map(
          (b) =>
            html`<tr data-key="${b.label}" data-count="${b.value}">
              <th>${b.label}</th>
              <td class="n">${num(b.value)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </figure>`;
}

function charts(d: ReportData): Markup {
  const c = d.charts;
  return html`<section id="charts">
    <h2>Charts</h2>
    <div class="charts">
      ${chartFigure(
        'status_codes',
        'Status codes',
        c.status_codes.map((x) => ({ label: x.key, value: x.count, color: statusColor(x.key) })),
      )}
      ${chartFigure(
        'indexability',
        'Indexability',
        c.indexability.map((x) => ({
          label: x.key,
          value: x.count,
          color: x.key === 'indexable' ? PALETTE.ok : PALETTE.client,
        })),
      )}
      ${chartFigure(
        'depths',
        'Crawl depth (clicks from the start page)',
        c.depths.map((x) => ({ label: x.key, value: x.count, color: PALETTE.accent })),
        true,
      )}
    </div>
  </section>`;
}

function issueRow(i: ReportIssue): Markup {
  return html`<tr data-issue="${i.key}" data-count="${i.count}">
    <td>
      <strong>${i.label}</strong><br /><span class="sev sev-${i.severity}">${i.severity}</span> ${i.advice}
      <ul class="examples">
        ${i.examples.map(
          (e) =>
            html`<li>
              ${urlLink(e.url)}${e.detail === null ? '' : html` — <span class="url">${e.detail}</span>`}
            </li>`,
        )}
      </ul>
      ${i.count > i.examples.length ? html`<span class="more">and ${num(i.count - i.examples.length)} more</span>` : ''}
    </td>
    <td class="n">${num(i.count)}</td>
  </tr>`;
}

function issues(d: ReportData): Markup {
  if (!d.issues) {
    return html`<section id="issues" class="major">
      <h2>Top issues</h2>
      <p class="empty">The site has not been audited yet: the audit runs after each crawl.</p>
    </section>`;
  }
  const found = d.issues.filter((i) => i.count > 0);
  const clear = d.issues.filter((i) => i.count === 0);
  return html`<section id="issues" class="major">
    <h2>Top issues</h2>
    ${
      found.length
        ? html`<table>
            <thead>
              <tr>
                <th>Issue and examples</th>
                <th class="n">Count</th>
              </tr>
            </thead>
            <tbody>
              ${found.map(issueRow)}
            </tbody>
          </table>`
        : html`<p class="empty">No issues found.</p>`
    }
    ${clear.length ? html`<p class="more" id="issues-clear">Checked and clear: ${clear.map((i) => i.label).join('; ')}.</p>` : ''}
  </section>`;
}

function clusters(d: ReportData): Markup {
  const s = d.similarity;
  if (!s.analyzed_at) {
    return html`<section id="clusters" data-analyzed="false">
      <h2>Duplicate and merge clusters</h2>
      <p class="empty">
        No similarity analysis yet: embed the pages and run the analysis to find overlapping content.
      </p>
    </section>`;
  }
  return html`<section id="clusters" class="major" data-analyzed="true" data-count="${s.cluster_count}">
    <h2>Duplicate and merge clusters</h2>
    <p class="lead">
      Analysed ${when(s.analyzed_at)}. Page pairs:
      <span data-outcome="duplicate">${num(s.outcomes.duplicate)}</span> duplicate,
      <span data-outcome="merge">${num(s.outcomes.merge)}</span> merge candidates,
      <span data-outcome="related">${num(s.outcomes.related)}</span> related. A cluster is a group of pages
      that could be one page; the suggested canonical is the page with the most inlinks.
    </p>
    ${s.clusters.length ? '' : html`<p class="empty">No clusters: no pages duplicate or overlap each other enough to merge.</p>`}
    ${s.clusters.map(
      (c) =>
        html`<article class="cluster" data-cluster="${c.id}" data-size="${c.size}">
          <h3>${c.label}</h3>
          <p class="more">
            ${num(c.size)} pages, mean reranker score
            ${c.mean_reranker.toFixed(2)}${
              c.representative_url ? html`; suggested canonical ${urlLink(c.representative_url)}` : ''
            }
          </p>
          <table>
            <thead>
              <tr>
                <th>Page</th>
                <th>Title</th>
                <th class="n">Score</th>
              </tr>
            </thead>
            <tbody>
              ${c.members.map(
                (m) =>
                  html`<tr>
                    <td class="url">${urlLink(m.url)}</td>
                    <td>${m.title ?? ''}</td>
                    <td class="n">${m.score.toFixed(2)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
          ${more(c.members.length, c.size, 'pages')}
        </article>`,
    )}
    ${more(s.clusters.length, s.cluster_count, 'clusters (largest first)')}
  </section>`;
}

function orphans(d: ReportData): Markup {
  const o = d.orphans;
  return html`<section id="orphans" data-count="${o.count}">
    <h2>Orphan pages</h2>
    <p class="lead">
      Pages known from a sitemap, Search Console or a URL list that no page links to: ${num(o.count)}.
    </p>
    ${
      o.rows.length
        ? html`<table>
              <thead>
                <tr>
                  <th>URL</th>
                  <th>Title</th>
                  <th class="n">Status</th>
                  <th>Known from</th>
                </tr>
              </thead>
              <tbody>
                ${o.rows.map(
                  (r) =>
                    html`<tr>
                      <td class="url">${urlLink(r.url)}</td>
                      <td>${r.title ?? ''}</td>
                      <td class="n">${r.status_code ?? '–'}</td>
                      <td>${r.sources.join(', ')}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
            ${more(o.rows.length, o.count, 'orphans')}`
        : html`<p class="empty">No orphan pages.</p>`
    }
  </section>`;
}

function otherUrls(d: ReportData): Markup {
  const total = d.other_urls.reduce((n, r) => n + r.count, 0);
  return html`<section id="other-urls" data-count="${total}">
    <h2>Other URLs</h2>
    <p class="lead">Every known URL that is not an indexable HTML page, by reason: ${num(total)}.</p>
    ${
      d.other_urls.length
        ? html`<table>
            <thead>
              <tr>
                <th>Reason and examples</th>
                <th class="n">URLs</th>
              </tr>
            </thead>
            <tbody>
              ${d.other_urls.map(
                (r) =>
                  html`<tr data-reason="${r.reason}" data-count="${r.count}">
                    <td>
                      <strong>${OTHER_URL_REASON_TEXT[r.reason] ?? r.reason}</strong>
                      <ul class="examples">
                        ${r.examples.map((e) => html`<li>${urlLink(e.url)}${e.status_code === null ? '' : ` (${e.status_code})`}</li>`)}
                      </ul>
                      ${
                        r.count > r.examples.length
                          ? html`<span class="more">and ${num(r.count - r.examples.length)} more</span>`
                          : ''
                      }
                    </td>
                    <td class="n">${num(r.count)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="empty">None: every known URL is an indexable page.</p>`
    }
  </section>`;
}

function gsc(d: ReportData): Markup {
  if (!d.gsc) {
    return html`<section id="gsc" data-state="none">
      <h2>Search Console top pages</h2>
      <p class="empty">
        No Search Console data for this site. Sync a property or import a performance export to see clicks and
        impressions here.
      </p>
    </section>`;
  }
  const g = d.gsc;
  return html`<section id="gsc" data-state="data" data-pages="${g.pages_with_data}">
    <h2>Search Console top pages</h2>
    <p class="lead">URLs with the most clicks; ${num(g.pages_with_data)} URLs have Search Console figures.</p>
    <table>
      <thead>
        <tr>
          <th>Page</th>
          <th class="n">Clicks</th>
          <th class="n">Impressions</th>
          <th class="n">CTR</th>
          <th class="n">Position</th>
        </tr>
      </thead>
      <tbody>
        ${g.top_pages.map(
          (p) =>
            html`<tr data-url="${p.url}" data-clicks="${p.clicks}">
              <td class="url">
                ${urlLink(p.url)}${p.title ? html`<br /><span class="more">${p.title}</span>` : ''}
              </td>
              <td class="n">${num(p.clicks)}</td>
              <td class="n">${num(p.impressions)}</td>
              <td class="n">${(p.ctr * 100).toFixed(1)}%</td>
              <td class="n">${p.position.toFixed(1)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${more(g.top_pages.length, g.pages_with_data, 'URLs')}
  </section>`;
}

export function renderReportHtml(d: ReportData): string {
  // Titled by the site's name, as the app shows it; the start URL's host only when the name says something else.
  const host = safeHost(d.site.start_url);
  const title = `Site report: ${d.site.name}`;
  return `<!DOCTYPE html>\n${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta http-equiv="Content-Security-Policy" content="${CSP}" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="generator" content="Siteloupe ${d.version}" />
      <title>${title}</title>
      <style>
        ${trusted(REPORT_CSS)}
      </style>
    </head>
    <body>
      <header class="report-head">
        <h1>${title}</h1>
        <p>
          ${d.site.name === host ? '' : html`${host} · `}generated ${when(d.generated_at)} by Siteloupe
          ${d.version}
        </p>
      </header>
      ${summary(d)}${charts(d)}${issues(d)}${clusters(d)}${orphans(d)}${otherUrls(d)}${gsc(d)}
      <footer>
        Generated by Siteloupe ${d.version}, a local-first crawler: this report was produced on the analyst’s
        machine from a crawl of ${d.site.start_url}.
      </footer>
    </body>
  </html> `}`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
