/** `graph` operations: the internal link graph of a site. */
import {
  FocusQuery,
  GraphFocus,
  GraphGroups,
  GraphGroupsQuery,
  GraphPath,
  GraphPathQuery,
  LinkGraph,
  LinkGraphQuery,
  LinkImpact,
  LinkImpactQuery,
  MAX_EXPANDED_NODES,
} from '../schemas/graph.js';
import { PageParams } from '../schemas/pages.js';
import { SiteParams } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

export const graphOperations = defineOperations({
  'graph.linkGraph': {
    method: 'get',
    path: '/sites/{site_id}/link-graph',
    summary: 'Nodes and edges of the internal link graph, paginated over edges',
    description:
      'Each page carries the nodes its edges touch; with `include_orphans=true` the first page also carries every orphan (a known page with no inbound edge of the selected kinds).',
    stability: 'stable',
    params: SiteParams,
    query: LinkGraphQuery,
    responses: {
      200: { description: 'A page of the graph.', schema: LinkGraph },
      404: { description: 'No such site.' },
    },
  },
  'graph.groups': {
    method: 'get',
    path: '/sites/{site_id}/link-graph/groups',
    summary: 'The link graph aggregated by URL directory, site section, page type or similarity cluster',
    description: `Groups with their counts and the links between them bundled (\`links\`: distinct page-to-page links). \`by=directory\` groups by URL path: \`dir:/guides/\` (pages right under \`/\` in \`dir:/\`), nested directories folded into their ancestor at \`depth\` levels (a deeper group names its \`parent\`), a page like \`/guides\` beside \`/guides/…\` counted in \`dir:/guides/\`. \`by=section\` groups by the hierarchy the site draws itself — a page's parent is the page its "Up" link points to, else the narrowest table of contents listing it that its navigation links back to (a breadcrumb), else a hub listing it nearer the start page: \`section:<head page id>\` labelled by the head page's title, sub-sections nested at \`depth\` levels, the start page and the pages right under it heading nothing in the start page's group, pages in no section in \`section:none\`. \`by=page_type\`: \`type:<page type>\` and \`type:none\`. \`by=cluster\` groups by the latest similarity analysis: \`cluster:<id>\` and \`cluster:none\`. \`by=auto\` draws the first readable grouping of directory, section, cluster (once analysed) and page type, else the least crowded; \`by\` in the answer names it and \`choice\` says why, with every grouping's score. Each \`expand\` group's own pages come as \`nodes\` and edges then end at \`page:<id>\`; at most ${MAX_EXPANDED_NODES} such pages in all (\`truncated\` beyond).`,
    stability: 'stable',
    params: SiteParams,
    query: GraphGroupsQuery,
    responses: {
      200: { description: 'The grouped graph.', schema: GraphGroups },
      404: { description: 'No such site.' },
    },
  },
  'graph.path': {
    method: 'get',
    path: '/sites/{site_id}/link-graph/path',
    summary: 'The shortest click path from the start page to a page',
    description:
      'Followed as the crawl measures depth: nofollow links are not followed and a redirect costs no click. `pages` runs from the start page to `to`; `links` are the links between them.',
    stability: 'stable',
    params: SiteParams,
    query: GraphPathQuery,
    responses: {
      200: { description: 'The path.', schema: GraphPath },
      404: { description: 'No such site or page, or the page cannot be reached from the start page.' },
    },
  },
  'graph.linkImpact': {
    method: 'get',
    path: '/sites/{site_id}/link-graph/link-impact',
    summary: 'Pages that lose click depth if a link were removed',
    description:
      'Every link from `source` to `target` is taken away and depths from the start page computed again: the pages whose depth grows, or that can no longer be reached (`depth_after: null`), most loss first, up to 100 listed; `total` counts them all.',
    stability: 'stable',
    params: SiteParams,
    query: LinkImpactQuery,
    responses: {
      200: { description: 'The pages that lose depth.', schema: LinkImpact },
      404: { description: 'No such site or page, or no link from `source` to `target`.' },
    },
  },
  'graph.focus': {
    method: 'get',
    path: '/pages/{page_id}/link-graph',
    summary: 'A page and its neighbourhood in the link graph',
    description:
      'Pages up to `hops` links away (following links in, out or both), nearest rings first; when a ring does not fit under `limit`, its most linked-to pages are kept and `truncated` is true. Each node carries its `hops`; edges are the links walked (from or to a page of an inner ring).',
    stability: 'stable',
    params: PageParams,
    query: FocusQuery,
    responses: {
      200: { description: 'The neighbourhood.', schema: GraphFocus },
      404: { description: 'No such page.' },
    },
  },
});
