/**
 * Job kinds have one naming style, snake_case like every other enum of the API: the campaign actions stored as
 * `campaign-expand`, `campaign-refresh` and `campaign-rebuild` become `campaign_expand`, `campaign_refresh` and
 * `campaign_rebuild` (`crawl`, `embed`, `similarity`, `gsc_sync` and `gsc_import` already were). Only the name
 * changes; params, results and checkpoints are the same.
 */
export default {
  id: 14,
  name: 'snake-case-job-kinds',
  sql: `
    UPDATE jobs SET kind = 'campaign_' || substr(kind, length('campaign-') + 1)
      WHERE kind IN ('campaign-expand', 'campaign-refresh', 'campaign-rebuild');
  `,
};
