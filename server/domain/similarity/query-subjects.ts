/**
 * Search Console's word on whether two pages are about one subject: the searches that show each page are largely
 * the same searches. Titles can disagree where the subject does not (a rewrite retitled, "Pruning roses" and
 * "When to cut back your roses"), and Google ranking both pages for the same queries is the cannibalisation an
 * analyst merges pages to end. So a `merge` may name its subject by shared queries as well as by titles
 * (title-subjects.ts) or by text only the two pages have (specific-overlap.ts).
 *
 * The measure: each page's impressions spread over its queries; the agreement of a pair is how much of that
 * spread the two have in common (the overlap of the two distributions, 0..1), each query counted in proportion
 * to how specific it is. A query many pages rank for (the brand, a category word) says no more about a pair than
 * the footer does, so its share is divided by the number of other pages that rank for it, as a passage's is by its
 * template siblings. A page with too few impressions to have a distribution is not evidence either way (0).
 */

export interface PageQueryRow {
  url_id: number;
  query: string;
  impressions: number;
}

/** Below this many impressions in all, a page's queries are too few to say what it is found for. */
export const MIN_PAGE_IMPRESSIONS = 20;

export class QuerySubjects {
  /** Page → query id → share of the page's impressions. */
  private readonly shares = new Map<number, Map<number, number>>();
  /** Query id → number of pages with impressions for it. */
  private readonly pagesPerQuery: number[] = [];

  constructor(rows: Iterable<PageQueryRow>) {
    const ids = new Map<string, number>();
    const totals = new Map<number, number>();
    for (const r of rows) {
      if (!(r.impressions > 0)) continue;
      let q = ids.get(r.query);
      if (q === undefined) {
        ids.set(r.query, (q = ids.size));
        this.pagesPerQuery.push(0);
      }
      let page = this.shares.get(r.url_id);
      if (!page) this.shares.set(r.url_id, (page = new Map()));
      page.set(q, (page.get(q) ?? 0) + r.impressions);
      totals.set(r.url_id, (totals.get(r.url_id) ?? 0) + r.impressions);
    }
    for (const [id, page] of this.shares) {
      const total = totals.get(id)!;
      // Search Console lists many pages with an impression or two at the bottom of a query's results: they
      // neither compete for it nor make it less specific to the pages that do.
      if (total < MIN_PAGE_IMPRESSIONS) {
        this.shares.delete(id);
        continue;
      }
      for (const [q, n] of page) {
        page.set(q, n / total);
        this.pagesPerQuery[q]!++;
      }
    }
  }

  /** Whether the site has the page-and-query rows this needs (the API sync has them; a UI export does not). */
  get empty(): boolean {
    return this.shares.size === 0;
  }

  /** 0..1: how far the two pages are shown for the same specific searches. */
  agreement(a: number, b: number): number {
    const pa = this.shares.get(a);
    const pb = this.shares.get(b);
    if (!pa || !pb) return 0;
    const [small, large] = pa.size <= pb.size ? [pa, pb] : [pb, pa];
    let sum = 0;
    for (const [q, share] of small) {
      const other = large.get(q);
      // Two pages rank for every shared query: only the pages beyond those two make it less specific.
      if (other !== undefined) sum += Math.min(share, other) / (this.pagesPerQuery[q]! - 1);
    }
    return sum;
  }
}
