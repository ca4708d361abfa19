/**
 * The renderer's option lists are the server's enums, member for member and (unless a list says it has a display
 * order of its own) in the server's order: the renderer cannot import them at runtime (it shares only types with
 * the server), so it keeps lists the type checker ties to the server's types, and this compares the values
 * themselves.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OTHER_URL_REASONS as SERVER_REASONS } from '../../../server/schemas/analytics.js';
import {
  AUDIT_CATEGORIES as SERVER_AUDIT_CATEGORIES,
  PRIORITIES as SERVER_PRIORITIES,
  SEVERITIES as SERVER_SEVERITIES,
} from '../../../server/schemas/audit-terms.js';
import { CAMPAIGN_STATUSES as SERVER_CAMPAIGN_STATUSES } from '../../../server/schemas/campaigns.js';
import {
  EDGE_KINDS as SERVER_EDGE_KINDS,
  URL_SOURCES as SERVER_SOURCES,
} from '../../../server/schemas/crawl.js';
import { FINISHED_STATUSES as SERVER_FINISHED } from '../../../server/schemas/jobs.js';
import { OUTCOMES as SERVER_OUTCOMES } from '../../../server/schemas/similarity.js';
import {
  TARGET_KINDS as SERVER_TARGET_KINDS,
  TARGET_STATUSES as SERVER_TARGET_STATUSES,
} from '../../../server/schemas/targets.js';
import {
  AUDIT_CATEGORIES,
  CAMPAIGN_STATUSES,
  EDGE_KINDS,
  FINISHED_JOB_STATUSES,
  OTHER_URL_REASONS,
  OUTCOMES,
  PRIORITIES,
  SEVERITIES,
  TARGET_KINDS,
  TARGET_STATUS_COLUMNS,
  URL_SOURCES,
} from '../../../renderer/src/api/value-lists.js';

describe('renderer value lists', () => {
  it('offer every other-URL reason the API knows', () => {
    assert.deepEqual(OTHER_URL_REASONS, SERVER_REASONS);
  });

  it('offer every URL source the API knows', () => {
    assert.deepEqual(URL_SOURCES, SERVER_SOURCES);
  });

  it('offer every link edge kind the graph can be filtered by', () => {
    assert.deepEqual(EDGE_KINDS, SERVER_EDGE_KINDS);
  });

  it('offer every similarity outcome', () => {
    assert.deepEqual(OUTCOMES, SERVER_OUTCOMES);
  });

  it('offer every target kind and campaign status', () => {
    assert.deepEqual(TARGET_KINDS, SERVER_TARGET_KINDS);
    assert.deepEqual(CAMPAIGN_STATUSES, SERVER_CAMPAIGN_STATUSES);
  });

  it('give the campaign board a column for every target status, rejected last', () => {
    assert.deepEqual([...TARGET_STATUS_COLUMNS].sort(), [...SERVER_TARGET_STATUSES].sort());
    assert.equal(TARGET_STATUS_COLUMNS.at(-1), 'rejected');
  });

  it('know the statuses a job ends in', () => {
    assert.deepEqual(FINISHED_JOB_STATUSES, SERVER_FINISHED);
  });

  it('offer every audit category, severity and priority, in the catalogue’s order', () => {
    assert.deepEqual(AUDIT_CATEGORIES, SERVER_AUDIT_CATEGORIES);
    assert.deepEqual(SEVERITIES, SERVER_SEVERITIES);
    assert.deepEqual(PRIORITIES, SERVER_PRIORITIES);
  });
});
