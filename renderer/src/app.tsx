/**
 * The shell: a sidebar (sites, the current site's views, campaigns, connection state) and the routed view.
 * The current site is the one in the address; the sidebar remembers the last one so its links stay useful on
 * the campaigns pages.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { EventsProvider, useEventsConnected } from './api/events.js';
import { ChangeNotices } from './components/change-notices.js';
import { EmptyState, Loading } from './components/feedback.js';
import { links, navigate, useHashRoute, type Route, type SiteView } from './router.js';
import { SitesProvider, useSites } from './sites-context.js';
import { AnalyticsView } from './views/analytics-view.js';
import { CampaignView } from './views/campaign-view.js';
import { CampaignsView } from './views/campaigns-view.js';
import { ChangesView } from './views/changes-view.js';
import { ExportsView } from './views/exports-view.js';
import { IssueView } from './views/issue-view.js';
import { IssuesView } from './views/issues-view.js';
import { PageDetailView } from './views/page-detail.js';
import { PagesView } from './views/pages-view.js';
import { SearchView } from './views/search-view.js';
import { SimilarityView } from './views/similarity-view.js';
import { SiteOverview } from './views/site-overview.js';
import { SitesView } from './views/sites-view.js';

// cytoscape is most of the bundle's weight: load it when the graph is first opened.
const GraphView = lazy(() => import('./views/graph-view.js').then((m) => ({ default: m.GraphView })));

const SITE_NAV: { view: SiteView; label: string }[] = [
  { view: 'overview', label: 'Overview' },
  { view: 'issues', label: 'Issues' },
  { view: 'changes', label: 'Changes' },
  { view: 'pages', label: 'Pages' },
  { view: 'graph', label: 'Link graph' },
  { view: 'similarity', label: 'Similarity' },
  { view: 'search', label: 'Search & ideas' },
  { view: 'analytics', label: 'Analytics' },
  { view: 'exports', label: 'Exports' },
];

export function App() {
  return (
    <EventsProvider>
      <SitesProvider>
        <Shell />
      </SitesProvider>
    </EventsProvider>
  );
}

function siteIdOf(route: Route): number | undefined {
  return 'siteId' in route ? route.siteId : undefined;
}

function Shell() {
  const { route, params } = useHashRoute();
  const { sites, byId } = useSites();
  const [lastSiteId, setLastSiteId] = useState<number | undefined>(() => {
    const saved = Number(localStorage.getItem('siteloupe.site'));
    return Number.isInteger(saved) && saved > 0 ? saved : undefined;
  });
  const routeSite = siteIdOf(route);
  useEffect(() => {
    if (routeSite === undefined) return;
    setLastSiteId(routeSite);
    localStorage.setItem('siteloupe.site', String(routeSite));
  }, [routeSite]);

  const currentId = routeSite ?? (lastSiteId !== undefined && byId(lastSiteId) ? lastSiteId : undefined);
  const current = currentId !== undefined ? byId(currentId) : undefined;
  const activeView = route.view === 'page' ? 'pages' : route.view === 'issue' ? 'issues' : route.view;

  useEffect(() => {
    const name = current && routeSite !== undefined ? ` — ${current.name}` : '';
    document.title = `Siteloupe${name}`;
  }, [current, routeSite]);

  return (
    <div className="layout">
      <nav className="sidebar" aria-label="Main">
        <a className="brand" href={links.sites()}>
          <span className="brand-mark" aria-hidden="true">
            ◎
          </span>
          Siteloupe
        </a>
        <div className="nav-section">
          <a className={`nav-link ${route.view === 'sites' ? 'is-active' : ''}`} href={links.sites()}>
            All sites
          </a>
        </div>
        {sites && sites.length > 0 && (
          <div className="nav-section">
            <label className="nav-heading" htmlFor="site-picker">
              Site
            </label>
            <select
              id="site-picker"
              className="site-picker"
              value={currentId ?? ''}
              onChange={(e) => {
                const id = Number(e.target.value);
                const view = SITE_NAV.some((n) => n.view === activeView)
                  ? (activeView as SiteView)
                  : 'overview';
                if (id) navigate(links.site(id, view));
              }}
            >
              {currentId === undefined && <option value="">Choose a site…</option>}
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {currentId !== undefined && (
              <ul className="nav-list">
                {SITE_NAV.map((n) => (
                  <li key={n.view}>
                    <a
                      className={`nav-link ${routeSite !== undefined && activeView === n.view ? 'is-active' : ''}`}
                      href={links.site(currentId, n.view)}
                      aria-current={routeSite !== undefined && activeView === n.view ? 'page' : undefined}
                    >
                      {n.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="nav-section">
          <a
            className={`nav-link ${route.view === 'campaigns' || route.view === 'campaign' ? 'is-active' : ''}`}
            href={links.campaigns()}
          >
            Campaigns
          </a>
        </div>
        <ConnectionState />
      </nav>
      <main className="content" id="main">
        <ChangeNotices />
        <RouteView route={route} params={params} />
      </main>
    </div>
  );
}

function ConnectionState() {
  const connected = useEventsConnected();
  return (
    <div className={`connection ${connected ? 'is-on' : 'is-off'}`} role="status">
      <span className="dot" aria-hidden="true" />
      {connected ? 'Live updates on' : 'Connecting to live updates…'}
    </div>
  );
}

function SiteGate({ siteId, children }: { siteId: number; children: ReactNode }) {
  const { sites, byId, error } = useSites();
  if (!sites && !error) return null;
  const site = byId(siteId);
  if (!site)
    return (
      <EmptyState title={`There is no site with id ${siteId}.`}>
        <a href={links.sites()}>See all sites</a>
      </EmptyState>
    );
  return <>{children}</>;
}

/** A view of one site, shown once the site is known to exist. */
const gated = (siteId: number, view: ReactNode) => <SiteGate siteId={siteId}>{view}</SiteGate>;

function RouteView({ route, params }: { route: Route; params: URLSearchParams }) {
  switch (route.view) {
    case 'sites':
      return <SitesView />;
    case 'overview':
      return gated(route.siteId, <SiteOverview siteId={route.siteId} />);
    case 'issues':
      return gated(route.siteId, <IssuesView siteId={route.siteId} params={params} />);
    case 'issue':
      return gated(
        route.siteId,
        <IssueView key={`${route.siteId}/${route.check}`} siteId={route.siteId} check={route.check} />,
      );
    case 'changes':
      return gated(route.siteId, <ChangesView siteId={route.siteId} params={params} />);
    case 'pages':
      return gated(route.siteId, <PagesView siteId={route.siteId} params={params} />);
    case 'page':
      return <PageDetailView key={route.pageId} siteId={route.siteId} pageId={route.pageId} />;
    case 'graph':
      return gated(
        route.siteId,
        <Suspense fallback={<Loading label="Loading the graph view…" />}>
          <GraphView siteId={route.siteId} params={params} />
        </Suspense>,
      );
    case 'similarity':
      return gated(route.siteId, <SimilarityView siteId={route.siteId} params={params} />);
    case 'search':
      return gated(route.siteId, <SearchView siteId={route.siteId} />);
    case 'analytics':
      return gated(route.siteId, <AnalyticsView siteId={route.siteId} />);
    case 'exports':
      return gated(route.siteId, <ExportsView siteId={route.siteId} />);
    case 'campaigns':
      return <CampaignsView hubClient={route.hubClient} />;
    case 'campaign':
      return <CampaignView key={route.campaignId} campaignId={route.campaignId} />;
    case 'not-found':
      return (
        <EmptyState title="This view does not exist.">
          <p>
            Nothing is at <code>{route.path}</code>. <a href={links.sites()}>Go to all sites</a>.
          </p>
        </EmptyState>
      );
  }
}
