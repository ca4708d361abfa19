/** Search Console rows as a table: the grouping key first, then clicks, impressions, CTR and position. */
import type { GscRow } from '../api/types.js';
import { fmtInt, shortUrl } from '../format.js';

export function GscTable({ rows, first }: { rows: GscRow[]; first: 'query' | 'page' | 'date' }) {
  const heading = { query: 'Query', page: 'Page', date: 'Date' }[first];
  const key = (r: GscRow) =>
    first === 'query' ? r.query : first === 'page' ? (r.url ? shortUrl(r.url) : null) : r.date;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="num">
            Clicks
          </th>
          <th scope="col" className="num">
            Impressions
          </th>
          <th scope="col" className="num">
            CTR
          </th>
          <th scope="col" className="num">
            Position
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${key(r) ?? ''}-${i}`}>
            <td className="break" title={first === 'page' ? (r.url ?? undefined) : undefined}>
              {key(r) ?? <span className="muted">(not set)</span>}
            </td>
            <td className="num">{fmtInt(r.clicks)}</td>
            <td className="num">{fmtInt(r.impressions)}</td>
            <td className="num">{(r.ctr * 100).toFixed(1)}%</td>
            <td className="num">{r.position.toFixed(1)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
