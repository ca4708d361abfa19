/**
 * Every export the server offers, one download link per format. Links are plain same-origin downloads, so
 * large exports stream straight to disk (in the desktop app through a Save dialog).
 */
import { exportApi } from '../api/endpoints.js';
import { get } from '../api/client.js';
import type { Health } from '../api/types.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { useSites } from '../sites-context.js';

/** Formats that need something the server may lack, and what. */
const NEEDS_CHROMIUM = new Set(['report.pdf']);

export function ExportsView({ siteId }: { siteId: number }) {
  const site = useSites().byId(siteId)!;
  const list = useApi((signal) => exportApi.list(signal), []);
  const health = useApi((signal) => get<Health>('/health', {}, signal), []);
  const noChromium = health.data ? health.data.chromium.path === null : false;
  return (
    <section className="view">
      <header className="view-header">
        <div>
          <h1>Exports</h1>
          <p className="view-lede">
            Download the data of {site.name} as files for spreadsheets, graph tools or reports.
          </p>
        </div>
      </header>
      <ErrorNotice error={list.error} />
      {!list.data && !list.error && <Loading />}
      {list.data && (
        <table className="table panel exports">
          <thead>
            <tr>
              <th scope="col">Export</th>
              <th scope="col">What it holds</th>
              <th scope="col">Download</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((e) => (
              <tr key={e.name}>
                <th scope="row" className="mono">
                  {e.name}
                </th>
                <td>{e.description}</td>
                <td className="download-cell">
                  {e.formats.map((format) => {
                    const file = `${e.name}.${format}`;
                    if (noChromium && NEEDS_CHROMIUM.has(file))
                      return (
                        <span
                          key={format}
                          className="btn btn-small is-disabled"
                          title="Needs Chromium, which is not installed"
                        >
                          {format.toUpperCase()}
                        </span>
                      );
                    return (
                      <a
                        key={format}
                        className="btn btn-small"
                        href={exportApi.href(e.name, format, { site_id: siteId })}
                        download={file}
                        aria-label={`Download ${file}`}
                      >
                        {format.toUpperCase()}
                      </a>
                    );
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
