/** A page picked on a graph: its details beside the canvas, and where to go from it in the link graph. */
import { useEffect, useRef, type ReactNode } from 'react';
import { call } from '../api/call.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { links } from '../router.js';
import { PageDetail } from '../views/page-detail.js';

export function NodeDrawer(props: {
  pageId: number;
  siteId: number;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const page = useApi((signal) => call('pages.get', { page_id: props.pageId }, { signal }), [props.pageId]);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), [props.pageId]);
  return (
    <aside
      className="drawer panel"
      aria-label="Selected page"
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onClose();
      }}
    >
      <div className="drawer-head">
        <div className="drawer-actions">
          <a className="btn btn-small" href={links.page(props.siteId, props.pageId)}>
            Open page details
          </a>
          {props.actions}
        </div>
        <button
          ref={closeRef}
          type="button"
          className="btn btn-small"
          onClick={props.onClose}
          aria-label="Close"
        >
          Close
        </button>
      </div>
      <ErrorNotice error={page.error} />
      {page.data ? <PageDetail page={page.data} compact /> : !page.error && <Loading />}
    </aside>
  );
}
