/**
 * What each rule took from the one page a test fetched: the page as it answered (status, the URL it ended on,
 * whether it was rendered), then a row per rule with its value or why it failed. Values are the page's own text.
 */
import type { ExtractorTestResult } from '../api/types.js';
import { Badge, ExternalLink } from '../components/controls.js';
import { ExtractFull } from '../components/extract-value.js';
import { CodeText } from '../components/code-text.js';
import { statusTone } from '../format.js';

export function ExtractionTestResults({ result }: { result: ExtractorTestResult }) {
  return (
    <div className="extraction-test" role="status" aria-label="Test results">
      <p className="extraction-test-page">
        <Badge tone={statusTone(result.status_code)}>{result.status_code ?? 'fetch error'}</Badge>{' '}
        <ExternalLink url={result.final_url} />
        {result.final_url !== result.url && <span className="muted"> (redirected from {result.url})</span>}
        {result.rendered && <Badge tone="info">rendered</Badge>}
      </p>
      {result.results.length === 0 ? (
        <p className="muted">The site has no rules to test yet.</p>
      ) : (
        <table className="table extraction-results">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Value on this page</th>
            </tr>
          </thead>
          <tbody>
            {result.results.map((r) => (
              <tr key={r.name} data-rule={r.name}>
                <th scope="row" className="mono">
                  {r.name}
                </th>
                <td className="extraction-value">
                  {r.error ? (
                    <span className="tone-text-bad">
                      <CodeText text={r.error} />
                    </span>
                  ) : (
                    <ExtractFull value={r.value} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
