/** `extraction` operations: a site's custom extraction and search rules, trying them on a URL, re-applying them. */
import {
  Extractor,
  ExtractorCreate,
  ExtractorList,
  ExtractorParams,
  ExtractorPatch,
  ExtractorTest,
  ExtractorTestResult,
} from '../schemas/extraction.js';
import { JOB_SCHEMAS } from '../schemas/jobs.js';
import { SiteParams } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

const badRule = {
  description: 'A field is invalid; a selector that does not compile names `body.selector`.',
};

export const extractionOperations = defineOperations({
  'extraction.list': {
    method: 'get',
    path: '/sites/{site_id}/extractors',
    summary: 'A site’s custom extraction and search rules',
    description:
      'In the order they were made. `needs_recrawl` marks rules whose stored values are out of date until the next crawl.',
    stability: 'stable',
    params: SiteParams,
    responses: {
      200: { description: 'The rules.', schema: ExtractorList },
      404: { description: 'No such site.' },
    },
  },
  'extraction.create': {
    method: 'post',
    path: '/sites/{site_id}/extractors',
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
  },
  'extraction.test': {
    method: 'post',
    path: '/sites/{site_id}/extractors/test',
    summary: 'Fetch one URL as the crawl would and show what each rule takes from it',
    description:
      'The site’s saved rules, or `rules` (unsaved ones, checked like new rules). The page is fetched with the site’s settings and credentials, rendered when its `render_js` says so, and must be a page of the site that a crawl may reach: `url` is a path or a full URL, resolved against the site’s start URL.',
    stability: 'internal',
    params: SiteParams,
    body: ExtractorTest,
    responses: {
      200: { description: 'Each rule’s value on the page.', schema: ExtractorTestResult },
      400: badRule,
      404: { description: 'No such site.' },
      503: { description: 'The site renders JavaScript and Chromium is not available.' },
    },
  },
  'extraction.apply': {
    method: 'post',
    path: '/sites/{site_id}/extractors/apply',
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
  },
  'extraction.get': {
    method: 'get',
    path: '/sites/{site_id}/extractors/{extractor_id}',
    summary: 'One rule',
    stability: 'stable',
    params: ExtractorParams,
    responses: {
      200: { description: 'The rule.', schema: Extractor },
      404: { description: 'No such site or rule.' },
    },
  },
  'extraction.update': {
    method: 'patch',
    path: '/sites/{site_id}/extractors/{extractor_id}',
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
  },
  'extraction.delete': {
    method: 'delete',
    path: '/sites/{site_id}/extractors/{extractor_id}',
    summary: 'Delete a rule and its stored values',
    stability: 'internal',
    params: ExtractorParams,
    responses: {
      204: { description: 'Deleted.' },
      404: { description: 'No such site or rule.' },
    },
  },
});
