/** `targets` operations: a campaign’s targets, manual targets, edits that follow the status transitions, and deletes. */
import {
  Target,
  TargetCreate,
  TargetList,
  TargetListQuery,
  TargetParams,
  TargetPatch,
  TransitionProblem,
} from '../schemas/targets.js';

import { defineOperations } from './operation.js';

const notFound = { description: 'No such target.' };

export const targetsOperations = defineOperations({
  'targets.list': {
    method: 'get',
    path: '/api/targets',
    summary: 'A campaign’s targets, by status and kind',
    description:
      '`campaign_id` is required; `status` and `kind` repeat (`?status=accepted&status=in_progress`) or take a comma list.',
    stability: 'beta',
    query: TargetListQuery,
    responses: {
      200: { description: 'A page of targets, best score first by default.', schema: TargetList },
      404: { description: 'No such campaign.' },
    },
  },
  'targets.create': {
    method: 'post',
    path: '/api/targets',
    summary: 'Add a target by hand',
    description:
      'The target’s `source` is `manual`; it starts `proposed`, or `accepted` when `status` says so (an idea already decided on; later statuses are reached by PATCH, along the transitions), and is scored and explained at once like generated targets. `refresh`, `merge` and `internal_link` targets need `page_id` (a page of the campaign’s site); `merge` also needs the pages to fold in as `related_page_ids`, other pages of the site, each once.',
    stability: 'beta',
    body: TargetCreate,
    responses: {
      201: {
        description: 'The new target.',
        schema: Target,
        headers: { Location: { description: 'The target’s URL.' } },
      },
      404: { description: 'No such campaign.' },
    },
  },
  'targets.get': {
    method: 'get',
    path: '/api/targets/{target_id}',
    summary: 'Get a target with its rationale and evidence',
    stability: 'beta',
    params: TargetParams,
    responses: { 200: { description: 'The target.', schema: Target }, 404: notFound },
  },
  'targets.update': {
    method: 'patch',
    path: '/api/targets/{target_id}',
    summary: 'Decide on a target, or edit its notes, title or query',
    description:
      'Status changes follow proposed → accepted | rejected, accepted → in_progress | rejected, in_progress → done | accepted, rejected → proposed, done → in_progress; any other change is a 409 whose `allowed` lists the statuses reachable from the current one. Setting the current status again changes nothing.',
    stability: 'beta',
    params: TargetParams,
    body: TargetPatch,
    responses: {
      200: { description: 'The updated target.', schema: Target },
      404: notFound,
      409: {
        description: 'The status change is not allowed from the current status.',
        schema: TransitionProblem,
        contentType: 'application/problem+json',
      },
    },
  },
  'targets.delete': {
    method: 'delete',
    path: '/api/targets/{target_id}',
    summary: 'Delete a target',
    description:
      'Removes the target for good; target ids are never reused. A rejected target is what keeps its topic or page out of later expands and rebuilds, so deleting one lets them propose it again: reject a target to keep it out.',
    stability: 'beta',
    params: TargetParams,
    responses: { 204: { description: 'Deleted.' }, 404: notFound },
  },
});
