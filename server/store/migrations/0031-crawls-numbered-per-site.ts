/**
 * A site's crawls are numbered 1, 2, 3 in the order they were started (#37: the UI named them by job id, "#1, then
 * #7", ids that run across every site and kind). The number is stored when the job is inserted rather than counted
 * on each read: counting a crawl's earlier crawls in the jobs table walks all of them by rowid, 3–5 ms a job for a
 * site with 4,000 jobs, which every progress write and every list of jobs would pay. Crawls already stored are
 * numbered in id order, whatever their outcome, as new ones will be.
 */
export default {
  id: 31,
  name: 'crawls-numbered-per-site',
  sql: `
    ALTER TABLE jobs ADD COLUMN crawl_number INTEGER;
    UPDATE jobs SET crawl_number = (
      SELECT COUNT(*) FROM jobs c WHERE c.site_id = jobs.site_id AND c.kind = 'crawl' AND c.id <= jobs.id
    ) WHERE kind = 'crawl' AND site_id IS NOT NULL;
    CREATE INDEX jobs_site_crawl_number ON jobs(site_id, crawl_number) WHERE crawl_number IS NOT NULL;
  `,
};
