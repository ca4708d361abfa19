/** How a page is named in tables and lists: its title, with its path beneath; both plain text. */
import type { PageSummary } from '../api/types.js';
import { shortUrl } from '../format.js';
import { links } from '../router.js';

export function PageName({
  page,
  link = true,
}: {
  page: Pick<PageSummary, 'id' | 'site_id' | 'url' | 'title'>;
  link?: boolean;
}) {
  const title = page.title?.trim() || shortUrl(page.url);
  return (
    <span className="page-name">
      {link ? (
        <a
          href={links.page(page.site_id, page.id)}
          className="page-name-title"
          onClick={(e) => e.stopPropagation()}
        >
          {title}
        </a>
      ) : (
        <span className="page-name-title">{title}</span>
      )}
      <span className="page-name-url">{shortUrl(page.url)}</span>
    </span>
  );
}
