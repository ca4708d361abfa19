/**
 * The notice a scheduled crawl leaves when something notable changed on a site (`site.changed`): the server's
 * one-line message and a link to that comparison, shown above whatever view is open until dismissed or followed.
 * One notice per site, the newest; a few sites at most.
 */
import { useState } from 'react';
import { useEvent } from '../api/events.js';
import type { SiteChangedEvent } from '../api/types.js';
import { links } from '../router.js';

const MAX_NOTICES = 3;

export function ChangeNotices() {
  const [notices, setNotices] = useState<SiteChangedEvent[]>([]);
  useEvent('site.changed', (event) =>
    setNotices((now) => [event, ...now.filter((n) => n.site_id !== event.site_id)].slice(0, MAX_NOTICES)),
  );
  const dismiss = (event: SiteChangedEvent) => setNotices((now) => now.filter((n) => n !== event));
  // The live region is always there, so a notice added to it is read out.
  return (
    <div className="notice-stack" aria-live="polite">
      {notices.map((n) => (
        <div
          key={`${n.site_id}:${n.to}`}
          className="notice notice-info change-notice"
          role="status"
          data-site-id={n.site_id}
        >
          <span className="change-notice-text">{n.message}</span>
          <a href={links.changes(n.site_id, { from: n.from, to: n.to })} onClick={() => dismiss(n)}>
            See the changes
          </a>
          <button
            type="button"
            className="notice-close"
            aria-label="Dismiss this notice"
            title="Dismiss"
            onClick={() => dismiss(n)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
