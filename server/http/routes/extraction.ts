/** `extraction` router: a site's custom extraction and search rules, trying them on a URL, re-applying them. */
import type { Services } from '../../domain/services.js';
import {
  Extractor,
  ExtractorCreate,
  ExtractorList,
  ExtractorParams,
  ExtractorPatch,
  ExtractorTest,
  ExtractorTestResult,
} from '../../schemas/extraction.js';
import { JOB_SCHEMAS } from '../../schemas/jobs.js';
import { SiteParams } from '../../schemas/sites.js';
import { defineRoute, reply } from '../define-route.js';

const badRule = {
  description: 'A field is invalid; a selector that does not compile names `body.selector`.',
};

export function extractionRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/extractors',
      tag: 'extraction',
      operationId: 'extraction.list',
      summary: 'A site’s custom extraction and search rules',
      description:
        'In the order they were made. `needs_recrawl` marks rules whose stored values are out of date until the next crawl.',
      stability: 'stable',
      params: SiteParams,
      responses: {
        200: { description: 'The rules.', schema: ExtractorList },
        404: { description: 'No such site.' },
      },
      handler: ({ params }) => s.extraction.list(params.site_id),
    }),
    defineRoute({
      method: 'post',
      path: '/sites/{site_id}/extractors',
      tag: 'extraction',
      operationId: 'extraction.create',
      summary: 'Add a rule (checked first: a bad CSS selector, XPath or regex is a 400)',
      description:
        'Rules run in every crawl from the next one; values show as `extract.<name>` on GET /pages. For `contains` / `not_contains` the selector is the text (case-insensitive) or `/pattern/flags`, and the value is a boolean. At most 50 rules a site.',
      stability: 'internal',
      params: SiteParams,
      body: ExtractorCreate,
      responses: {
        201: { description: 'The rule.', schema: Extractor },
        400: badRule,
        404: { description: 'No such site.' },
        409: { description: 'A rule of that name exists, or the site has 50 rules.' },
      },
      handler: ({ params, body, path }) => {
        const created = s.extraction.create(params.site_id, body);
        return reply(201, created, { Location: `${path}/${created.id}` });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/sites/{site_id}/extractors/test',
      tag: 'extraction',
      operationId: 'extraction.test',
      summary: 'Fetch one URL as the crawl would and show what each rule takes from it',
      description:
        'The site’s saved rules, or `rules` (unsaved ones, checked like new rules). The page is fetched with the site’s settings and credentials, rendered when its `render_js` says so, and must be a page of the site that a crawl may reach.',
      stability: 'internal',
      params: SiteParams,
      body: ExtractorTest,
      responses: {
        200: { description: 'Each rule’s value on the page.', schema: ExtractorTestResult },
        400: badRule,
        404: { description: 'No such site.' },
        503: { description: 'The site renders JavaScript and Chromium is not available.' },
      },
      handler: ({ params, body }) => s.extractTester.test(params.site_id, body),
    }),
    defineRoute({
      method: 'post',
      path: '/sites/{site_id}/extractors/apply',
      tag: 'extraction',
      operationId: 'extraction.apply',
      summary: 'Re-apply the main-text rules to the stored pages (no crawl)',
      description:
        'Rules over `main_text` are run again on each page’s stored main text. Rules over `html` or `rendered` need a crawl: the job’s result lists those whose values are out of date.',
      stability: 'internal',
      job: true,
      params: SiteParams,
      responses: {
        202: { description: 'The job started.', schema: JOB_SCHEMAS.extract_apply },
        404: { description: 'No such site.' },
        409: { description: 'A crawl or another re-apply of the site is running.' },
      },
      handler: ({ params }) => s.extraction.startApply(params.site_id),
    }),
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/extractors/{extractor_id}',
      tag: 'extraction',
      operationId: 'extraction.get',
      summary: 'One rule',
      stability: 'stable',
      params: ExtractorParams,
      responses: {
        200: { description: 'The rule.', schema: Extractor },
        404: { description: 'No such site or rule.' },
      },
      handler: ({ params }) => s.extraction.get(params.site_id, params.extractor_id),
    }),
    defineRoute({
      method: 'patch',
      path: '/sites/{site_id}/extractors/{extractor_id}',
      tag: 'extraction',
      operationId: 'extraction.update',
      summary: 'Change a rule',
      description:
        'A change to what the rule takes marks its stored values out of date: `needs_recrawl` for html and rendered rules, a re-apply for main-text rules. Renaming keeps them.',
      stability: 'internal',
      params: ExtractorParams,
      body: ExtractorPatch,
      responses: {
        200: { description: 'The rule.', schema: Extractor },
        400: badRule,
        404: { description: 'No such site or rule.' },
        409: { description: 'Another rule has that name.' },
      },
      handler: ({ params, body }) => s.extraction.update(params.site_id, params.extractor_id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/sites/{site_id}/extractors/{extractor_id}',
      tag: 'extraction',
      operationId: 'extraction.delete',
      summary: 'Delete a rule and its stored values',
      stability: 'internal',
      params: ExtractorParams,
      responses: {
        204: { description: 'Deleted.' },
        404: { description: 'No such site or rule.' },
      },
      handler: ({ params }) => {
        s.extraction.delete(params.site_id, params.extractor_id);
        return reply(204);
      },
    }),
  ];
}
