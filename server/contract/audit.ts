/** `audit` operations: a site's issues, each check's URLs with their evidence, a page's findings, mutes and re-runs. */
import {
  FindingList,
  FindingListQuery,
  IssueList,
  IssueListQuery,
  IssueParams,
  PageIssueList,
  PageIssueParams,
  Issue,
} from '../schemas/audit.js';
import { A11yCheckStart } from '../schemas/a11y-scan.js';
import { JOB_SCHEMAS } from '../schemas/jobs.js';
import { SiteParams } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

const notFound = { description: 'No such site.' };

export const auditOperations = defineOperations({
  'audit.issues': {
    method: 'get',
    path: '/sites/{site_id}/issues',
    summary: 'The site audit’s issues, by priority',
    description:
      'One item per check of the catalogue that found something in the latest audit (every check with `include_empty=true`), ordered by priority, then by how many URLs it lists. Each says how many separate fixes its URLs take (`fixes`) and which templates carry it on at least 90 % of their pages (`templates`: one fix each). A muted check is listed with `muted: true` and leaves the health score.',
    stability: 'stable',
    params: SiteParams,
    query: IssueListQuery,
    responses: { 200: { description: 'A page of issues.', schema: IssueList }, 404: notFound },
  },
  'audit.findings': {
    method: 'get',
    path: '/sites/{site_id}/issues/{check}/urls',
    summary: 'The URLs a check lists, with the evidence of each',
    description:
      'As many URLs as the issue’s `urls` says, by URL id, each with its page’s title. `evidence` has the shape the issue’s `evidence` names; `template_id` names the template fix that covers the URL, and `in_template` lists only those (true) or only the URLs that are fixes of their own (false).',
    stability: 'stable',
    params: IssueParams,
    query: FindingListQuery,
    responses: { 200: { description: 'A page of findings.', schema: FindingList }, 404: notFound },
  },
  'audit.pageIssues': {
    method: 'get',
    path: '/pages/{page_id}/issues',
    summary: 'A page’s findings in the latest audit',
    stability: 'stable',
    params: PageIssueParams,
    responses: {
      200: { description: 'The page’s findings, by priority.', schema: PageIssueList },
      404: { description: 'No such page.' },
    },
  },
  'audit.mute': {
    method: 'put',
    path: '/sites/{site_id}/issues/{check}/mute',
    summary: 'Mute a check for this site',
    description: 'It stays computed and listed with `muted: true`, but leaves the health score.',
    stability: 'internal',
    params: IssueParams,
    responses: { 200: { description: 'The issue, muted.', schema: Issue }, 404: notFound },
  },
  'audit.unmute': {
    method: 'delete',
    path: '/sites/{site_id}/issues/{check}/mute',
    summary: 'Unmute a check for this site',
    stability: 'internal',
    params: IssueParams,
    responses: { 200: { description: 'The issue, not muted.', schema: Issue }, 404: notFound },
  },
  'audit.run': {
    method: 'post',
    path: '/sites/{site_id}/audit',
    summary: 'Audit the site again',
    description:
      'Runs by itself after every crawl and similarity analysis; this runs it now (after changing a threshold in /settings, say).',
    stability: 'internal',
    job: true,
    params: SiteParams,
    responses: {
      202: { description: 'The queued audit job.', schema: JOB_SCHEMAS.audit },
      404: notFound,
      409: { description: 'A crawl or an audit of this site is queued or running.' },
    },
  },
  'audit.checkAccessibility': {
    method: 'post',
    path: '/sites/{site_id}/audit/accessibility',
    summary: 'Check the crawled pages’ accessibility with axe-core',
    description:
      'For a crawl that did not render (a rendered crawl runs axe-core in every page by itself): fetches each crawled HTML page that answered 200 again, under the site’s crawl settings (user agent, robots.txt, rate, credentials), renders it in Chromium, runs axe-core’s WCAG 2.1 A and AA rules (and its best practices when asked) and stores what it found; the audit then runs again and lists it under the `a11y_*` checks. The job reports its progress in pages and can be cancelled (`POST /jobs/{job_id}/cancel`): what it checked stays.',
    stability: 'internal',
    job: true,
    params: SiteParams,
    body: A11yCheckStart,
    responses: {
      202: { description: 'The queued accessibility job.', schema: JOB_SCHEMAS.accessibility },
      404: notFound,
      409: { description: 'A crawl or an accessibility check of this site is queued or running.' },
      503: { description: 'Chromium was not found.' },
    },
  },
});
