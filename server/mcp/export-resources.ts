/**
 * The site report and the exports as MCP resources: `siteloupe://sites/{site_id}/report.html` and
 * `siteloupe://sites/{site_id}/exports/{name}.{format}` (and a campaign's targets under
 * `siteloupe://campaigns/{campaign_id}/…`). A read is `GET /export/{name}.{format}` through the same
 * {@link Dispatch} as the tools, so it meets the same checks; text formats come back as text, XLSX and PDF as a
 * base64 blob. The list names, per site, the report and each export in its first format; the templates reach
 * every format.
 */
import type { ExportInfo } from '../schemas/export.js';
import type { Site } from '../schemas/sites.js';
import { call, problemDetail, readCall, requestOf } from './api-reader.js';
import type { Dispatch } from './tool-call.js';

export const RESOURCE_SCHEME = 'siteloupe:';
/** Above this a resource is refused with a pointer to the download: a client would hold it all in memory. */
export const MAX_RESOURCE_BYTES = 20 * 2 ** 20;

export class ResourceError extends Error {}

const BINARY = /^application\/(?:pdf|vnd\.openxmlformats|zip)/i;
const mimeOf = (contentType: string) => contentType.split(';')[0]!.trim();

/** What a URI asks for, in API terms; null for a URI this server does not serve. */
export function parseResourceUri(
  uri: string,
): { name: string; format: string; scope: 'site_id' | 'campaign_id'; id: number } | null {
  const m =
    /^siteloupe:\/\/(sites|campaigns)\/([1-9]\d{0,15})\/(?:(report)|exports\/([a-z][a-z0-9-]{0,63}))\.([a-z]{2,8})$/.exec(
      uri,
    );
  if (!m) return null;
  const scope = m[1] === 'sites' ? 'site_id' : 'campaign_id';
  const name = m[3] ?? m[4]!;
  if ((scope === 'campaign_id') !== (name === 'campaign-targets')) return null;
  return { name, format: m[5]!, scope, id: Number(m[2]) };
}

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: 'siteloupe://sites/{site_id}/report.{format}',
    name: 'site-report',
    title: 'Site report',
    description:
      'The self-contained client report of a site (format html or pdf): summary, charts, top issues, duplicate clusters, orphans, other URLs, Search Console top pages.',
  },
  {
    uriTemplate: 'siteloupe://sites/{site_id}/exports/{name}.{format}',
    name: 'site-export',
    title: 'Site export',
    description:
      'A site export by name and format, as GET /export/{name}.{format}?site_id= gives it (pages, links, other-urls, similarity-pairs, clusters, gsc, link-graph, issues, issue-urls, changes; see export_list for formats).',
  },
  {
    uriTemplate: 'siteloupe://campaigns/{campaign_id}/exports/campaign-targets.{format}',
    name: 'campaign-targets',
    title: 'Campaign targets',
    description: "A campaign's targets as a file (csv, xlsx, json).",
  },
];

/** Report first, then the exports that take a site. */
function siteResources(site: Pick<Site, 'id' | 'name'>, exports: ExportInfo[]) {
  return exports
    .filter((e) => e.name !== 'campaign-targets')
    .map((e) => {
      const format = e.formats.find((f) => f === 'html' || f === 'csv') ?? e.formats[0]!;
      const uri =
        e.name === 'report'
          ? `siteloupe://sites/${site.id}/report.${format}`
          : `siteloupe://sites/${site.id}/exports/${e.name}.${format}`;
      return {
        uri,
        name: `${site.name} — ${e.name}.${format}`,
        description: e.description,
        mimeType: format === 'html' ? 'text/html' : format === 'csv' ? 'text/csv' : undefined,
      };
    })
    .sort((a, b) => Number(b.uri.includes('/report.')) - Number(a.uri.includes('/report.')));
}

/** One page of resources: a page of sites (the API's own cursor) with each site's report and exports. */
export async function listResources(dispatch: Dispatch, cursor: string | undefined) {
  const [sites, exports] = await Promise.all([
    readCall(dispatch, 'sites.list', { limit: 20, cursor }),
    readCall(dispatch, 'export.list'),
  ]);
  if (!sites.ok) throw new ResourceError(sites.detail);
  if (!exports.ok) throw new ResourceError(exports.detail);
  return {
    resources: sites.value.items.flatMap((s) => siteResources(s, exports.value.items)),
    ...(sites.value.next_cursor ? { nextCursor: sites.value.next_cursor } : {}),
  };
}

export async function readResource(dispatch: Dispatch, uri: string) {
  const target = parseResourceUri(uri);
  if (!target) {
    throw new ResourceError(
      `Unknown resource ${uri}: expected siteloupe://sites/{site_id}/report.html or siteloupe://sites/{site_id}/exports/{name}.{format}.`,
    );
  }
  const { name, format, scope, id } = target;
  const { path } = requestOf(
    call('export.download', {
      name,
      format,
      ...(scope === 'site_id' ? { site_id: id } : { campaign_id: id }),
    }),
  );
  const answer = await dispatch({ method: 'GET', path });
  if (answer.status >= 400) throw new ResourceError(problemDetail(answer));
  if (answer.body.length > MAX_RESOURCE_BYTES) {
    throw new ResourceError(
      `${uri} is ${answer.body.length.toLocaleString('en')} bytes, more than an MCP resource should carry; download GET ${path} with the API token, or run \`siteloupe export\`.`,
    );
  }
  const contentType = String(answer.contentType);
  const mimeType = mimeOf(contentType);
  const content = BINARY.test(contentType)
    ? { uri, mimeType, blob: answer.body.toString('base64') }
    : { uri, mimeType, text: answer.body.toString('utf8') };
  return { contents: [content] };
}
