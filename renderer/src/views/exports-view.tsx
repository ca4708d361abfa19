/**
 * Every export the server offers, one download button per format. Downloads go through fetch
 * (api/download.ts), so a refusal is shown here in the server's words; a good file is saved as any download
 * (in the desktop app through a Save dialog). Campaign targets are exported per campaign: that row picks one of
 * this site's campaigns; the changes row picks the two crawls compared.
 */
import { useState } from 'react';
import { call } from '../api/call.js';
import { downloadFile, exportHref } from '../api/download.js';
import type { Campaign, ExportInfo, Snapshot } from '../api/types.js';
import { fmtDate } from '../format.js';
import { crawlName } from './change-text.js';
import { CodeText } from '../components/code-text.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { links } from '../router.js';
import { useSites } from '../sites-context.js';

/** Formats that need something the server may lack, and what. */
const NEEDS_CHROMIUM = new Set(['report.pdf']);
const CAMPAIGN_EXPORT = 'campaign-targets';
const CHANGES_EXPORT = 'changes';

export function ExportsView({ siteId }: { siteId: number }) {
  const site = useSites().byId(siteId)!;
  const list = useApi((signal) => call('export.list', {}, { signal }), []);
  const health = useApi((signal) => call('system.health', {}, { signal }), []);
  const campaigns = useApi(
    (signal) =>
      call('campaigns.list', { site_id: siteId, limit: 1000 }, { signal }).then((page) => page.items),
    [siteId],
  );
  const noChromium = health.data ? health.data.chromium.path === null : false;
  // `keep_crawls` bounds the snapshots a site keeps, far below a page of 1000.
  const snapshots = useApi(
    (signal) =>
      call('history.snapshots', { site_id: siteId, limit: 1000 }, { signal }).then((page) => page.items),
    [siteId],
  );
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
              <ExportRow
                // Keyed by site too: a campaign picked for one site means nothing on another.
                key={`${siteId}-${e.name}`}
                info={e}
                siteId={siteId}
                noChromium={noChromium}
                campaigns={e.name === CAMPAIGN_EXPORT ? (campaigns.data ?? null) : undefined}
                snapshots={e.name === CHANGES_EXPORT ? (snapshots.data ?? null) : undefined}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ExportRow({
  info,
  siteId,
  noChromium,
  campaigns,
  snapshots,
}: {
  info: ExportInfo;
  siteId: number;
  noChromium: boolean;
  /** Only for the campaign export: this site's campaigns (null while loading). */
  campaigns?: Campaign[] | null;
  /** Only for the changes export: this site's crawls that can be compared, newest first (null while loading). */
  snapshots?: Snapshot[] | null;
}) {
  const perPair = snapshots !== undefined;
  const [pair, setPair] = useState<{ from?: number; to?: number }>({});
  const toId = pair.to ?? snapshots?.[0]?.crawl_id;
  const fromId = pair.from ?? snapshots?.find((s) => toId !== undefined && s.crawl_id < toId)?.crawl_id;
  const pairValid = fromId !== undefined && toId !== undefined && fromId < toId;
  const perCampaign = campaigns !== undefined;
  const [picked, setPicked] = useState<number>();
  const campaignId = picked ?? campaigns?.[0]?.id;
  const [last, setLast] = useState<{ file: string; saved?: string }>();
  const download = useAction(downloadFile);
  const busy = download.busy ? last?.file : undefined;
  const start = async (format: string) => {
    const file = `${info.name}.${format}`;
    setLast({ file });
    const query = perCampaign
      ? { campaign_id: campaignId }
      : perPair
        ? { site_id: siteId, from: fromId, to: toId }
        : { site_id: siteId };
    const saved = await download.run(exportHref({ name: info.name, format, ...query }), file);
    setLast({ file, saved });
  };
  const pickerId = `export-${info.name}-campaign`;
  return (
    <>
      <tr>
        <th scope="row" className="mono">
          {info.name}
        </th>
        <td>
          <CodeText text={info.description} />
          {perPair &&
            (snapshots === null ? (
              <span className="muted">loading…</span>
            ) : snapshots.length < 2 ? (
              <p className="muted small">Changes can be exported once the site has been crawled twice.</p>
            ) : (
              <div className="export-scope crawl-pair">
                {(['from', 'to'] as const).map((which) => {
                  const id = `export-changes-${which}`;
                  const value = which === 'from' ? fromId : toId;
                  return (
                    <div className="field field-inline" key={which}>
                      <label htmlFor={id}>{which === 'from' ? 'From crawl' : 'To crawl'}</label>
                      <select
                        id={id}
                        value={value ?? ''}
                        onChange={(e) => setPair({ ...pair, [which]: Number(e.target.value) })}
                      >
                        {snapshots.map((s) => (
                          <option key={s.crawl_id} value={s.crawl_id}>
                            {crawlName(s)} · {fmtDate(s.finished_at)}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                })}
                {!pairValid && <span className="muted small">The first crawl must be the earlier one.</span>}
              </div>
            ))}
          {perCampaign && (
            <div className="field field-inline export-scope">
              <label htmlFor={pickerId}>Campaign</label>
              {campaigns === null ? (
                <span className="muted">loading…</span>
              ) : campaigns.length ? (
                <select id={pickerId} value={campaignId} onChange={(e) => setPicked(Number(e.target.value))}>
                  {campaigns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.hub_client_id})
                    </option>
                  ))}
                </select>
              ) : (
                <span className="muted">
                  This site has no campaign yet. <a href={links.campaigns()}>Create one</a>.
                </span>
              )}
            </div>
          )}
        </td>
        <td>
          <div className="download-cell">
            {info.formats.map((format) => {
              const file = `${info.name}.${format}`;
              const missingChromium = noChromium && NEEDS_CHROMIUM.has(file);
              return (
                <button
                  key={format}
                  type="button"
                  className="btn btn-small"
                  disabled={
                    busy !== undefined ||
                    missingChromium ||
                    (perCampaign && !campaignId) ||
                    (perPair && !pairValid)
                  }
                  title={missingChromium ? 'Needs Chromium, which is not installed' : undefined}
                  aria-label={`Download ${file}`}
                  aria-busy={busy === file}
                  onClick={() => void start(format)}
                >
                  {busy === file ? 'Preparing…' : format.toUpperCase()}
                </button>
              );
            })}
          </div>
        </td>
      </tr>
      {last && (download.error !== undefined || last.saved) && (
        <tr className="export-feedback">
          <td colSpan={3}>
            {download.error !== undefined ? (
              <ErrorNotice title={`${last.file} was not downloaded:`} error={download.error} />
            ) : (
              <p className="muted small" role="status">
                Downloaded {last.saved}.
              </p>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
