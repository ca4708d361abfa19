/**
 * Changes URL by URL: the URL (a link to the page when it is still one), the kind of change as a badge, and what
 * it was before and is after. Crawled text is rendered as text, never as HTML.
 */
import type { Change } from '../api/types.js';
import { CHANGE_KIND_INFO } from '../api/value-lists.js';
import { Badge } from '../components/controls.js';
import { useIssueCatalogue } from '../hooks/use-issue-catalogue.js';
import { siteUrl, statusTone, words } from '../format.js';
import { links } from '../router.js';
import { useSiteOrigin } from '../sites-context.js';
import { changeSides, type ChangeContext, type SideText } from './change-text.js';

export function ChangeTable({ siteId, changes }: { siteId: number; changes: Change[] }) {
  const origin = useSiteOrigin(siteId);
  const catalogue = useIssueCatalogue(siteId);
  const ctx: ChangeContext = {
    url: (u) => siteUrl(u, origin),
    checkTitle: (check) => catalogue.data?.byCheck.get(check)?.title ?? words(check),
  };
  return (
    <table className="table change-table">
      <thead>
        <tr>
          <th scope="col">URL</th>
          <th scope="col">Change</th>
          <th scope="col">Before</th>
          <th scope="col" aria-label="becomes" />
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => {
          const { before, after } = changeSides(c, ctx);
          const info = CHANGE_KIND_INFO[c.change];
          const issue = c.check ? links.issue(siteId, c.check) : undefined;
          return (
            <tr key={`${c.url}\u0000${c.change}\u0000${c.check ?? ''}`} data-change={c.change}>
              <td className="change-url">
                {c.page_id !== null ? (
                  <a href={links.page(siteId, c.page_id)} title={c.url}>
                    {ctx.url(c.url)}
                  </a>
                ) : (
                  <span title={c.url}>{ctx.url(c.url)}</span>
                )}
              </td>
              <td>
                <Badge tone={info.tone}>{info.badge}</Badge>
              </td>
              <td className="change-side change-before">
                <Side side={before} href={issue} />
              </td>
              <td className="change-arrow" aria-hidden="true">
                →
              </td>
              <td className="change-side change-after">
                <Side side={after} href={issue} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Side({ side, href }: { side: SideText; href: string | undefined }) {
  if (side.empty) return <span className="muted">{side.text}</span>;
  return (
    <span className="change-value">
      {side.status && <Badge tone={statusTone(side.status.code)}>{side.status.label}</Badge>}
      {side.text && (href ? <a href={href}>{side.text}</a> : <span>{side.text}</span>)}
      {side.note && <span className="change-note">{side.note}</span>}
    </span>
  );
}
