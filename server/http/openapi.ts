/**
 * Builds the OpenAPI 3.1 document from the route definitions: the same zod schemas that validate requests
 * describe them here, so the document cannot drift from the code. Every operation carries `x-stability`.
 */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import type { z } from 'zod';
import { Problem } from '../schemas/common.js';
import { Job } from '../schemas/jobs.js';
import { TAGS } from '../contract/operation.js';
import type { RouteDef } from './define-route.js';

const TAG_DESCRIPTIONS: Record<(typeof TAGS)[number], string> = {
  sites: 'Sites and their crawl settings, summaries and graphs.',
  pages: 'Crawled pages, their links, and semantic search over their embeddings.',
  crawl: 'Starting, cancelling and resuming crawls.',
  graph: 'Internal link graph.',
  similarity: 'Duplicate and overlapping pages: pairs and clusters.',
  audit: 'The site audit: issues by priority, each URL with its evidence, mutes and the health score.',
  history: 'Crawl history: snapshots of each finished crawl, the changes between two, a page’s states.',
  extraction:
    'Custom extraction and custom search: a site’s rules (CSS, XPath, regex, contains) and trying them.',
  analytics: 'URLs that are not pages, and Search Console data.',
  ideas: 'Checking a content idea against existing pages.',
  export: 'Reports and data exports as files.',
  jobs: 'Long-running work and its progress.',
  campaigns: 'Content campaigns for hub clients.',
  targets: 'Targets within campaigns.',
  proxy: 'Workflow-automation proxy to the routes above.',
  system: 'Health, settings and this document.',
};

/** Problems every authenticated route can answer, besides its own. */
const COMMON_PROBLEMS: Record<number, string> = {
  400: 'Invalid input (problem+json with `errors[]`).',
  401: 'Missing or wrong API token.',
  403: 'Host or Origin not allowed.',
  431: 'Request line or headers too large (a huge query string).',
  500: 'Unexpected server error.',
};

const problemContent = { 'application/problem+json': { schema: Problem } };

/** What `mountRoutes` sends with the 202 answer of a job route. */
const JOB_HEADERS = { Location: { description: 'The job’s URL.' } };

function operation(def: RouteDef): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, spec] of Object.entries(def.responses)) {
    const jobAnswer = def.job && status === '202';
    const schema = jobAnswer ? (spec.schema ?? Job) : spec.schema;
    const headers = jobAnswer ? { ...JOB_HEADERS, ...spec.headers } : spec.headers;
    responses[status] = {
      description: spec.description,
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).map(([h, v]) => [h, { ...v, schema: { type: 'string' } }]),
            ),
          }
        : {}),
      // Every error is problem+json, so an error described only in words still documents its body.
      ...(schema || spec.contentType
        ? {
            content: Object.fromEntries(
              [spec.contentType ?? 'application/json'].flat().map((type) => [type, schema ? { schema } : {}]),
            ),
          }
        : Number(status) >= 400
          ? { content: problemContent }
          : {}),
    };
  }
  const isPublic = def.public === true;
  for (const [status, description] of Object.entries(COMMON_PROBLEMS)) {
    if (isPublic && (status === '401' || status === '400')) continue;
    responses[status] ??= { description, content: problemContent };
  }
  if (def.body) {
    responses['413'] ??= { description: 'Body over the size limit.', content: problemContent };
    responses['415'] ??= { description: 'Body is not JSON.', content: problemContent };
  }
  if (def.upload) {
    responses['413'] ??= { description: 'File over the size limit.', content: problemContent };
    responses['415'] ??= { description: 'Not one of the accepted media types.', content: problemContent };
  }
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {};
  if (def.params) requestParams.path = def.params as z.ZodObject;
  if (def.query) requestParams.query = def.query as z.ZodObject;
  return {
    operationId: def.operationId,
    tags: [def.tag],
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(def.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: def.body as z.ZodType } } },
        }
      : {}),
    ...(def.upload
      ? {
          requestBody: {
            required: true,
            description: def.upload.description,
            content: Object.fromEntries(
              def.upload.mediaTypes.map((t) => [
                t,
                { schema: { type: 'string', format: 'binary' } as const },
              ]),
            ),
          },
        }
      : {}),
    responses,
    ...(isPublic ? { security: [] } : {}),
    'x-stability': def.stability,
    ...(def.destructive ? { 'x-destructive': true } : {}),
  };
}

export function buildOpenApi(routes: RouteDef[], version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const def of routes) {
    (paths[def.path] ??= {})[def.method] = operation(def);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Siteloupe API',
      version,
      description:
        'Local API of Siteloupe. Errors are RFC 9457 problem+json. Lists are keyset-paginated (`limit`, `cursor` → `next_cursor`).',
    },
    servers: [{ url: '/' }],
    tags: TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token in `<data dir>/api-token`.' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'siteloupe_token' },
      },
    },
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
  });
}
