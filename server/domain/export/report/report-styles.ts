/**
 * The report's style sheet, inlined so the file stands alone. Screen and print share one layout; print adds
 * A4 margins, keeps charts, table rows and headings with what follows them, and repeats table headers.
 */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1a202c; --muted: #4a5568; --line: #e2e8f0; --soft: #f7fafc; --accent: #6b46c1; }
* { box-sizing: border-box; }
html { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
body { margin: 0 auto; max-width: 1040px; padding: 32px 24px 48px; }
header.report-head { border-bottom: 3px solid var(--accent); padding-bottom: 12px; margin-bottom: 24px; }
header.report-head h1 { margin: 0 0 4px; font-size: 26px; }
header.report-head p { margin: 0; color: var(--muted); }
h2 { font-size: 19px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 6px; }
p.lead { color: var(--muted); margin: 0 0 12px; }
a { color: #2b6cb0; text-decoration: none; overflow-wrap: anywhere; }
.url { overflow-wrap: anywhere; word-break: break-word; }
dl.metrics { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px; margin: 0; }
dl.metrics div { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; }
dl.metrics dt { font-size: 12px; color: var(--muted); }
dl.metrics dd { margin: 2px 0 0; font-size: 20px; font-weight: 600; }
.charts { display: grid; grid-template-columns: 1fr; gap: 16px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 12px; }
figure figcaption { font-weight: 600; margin-bottom: 6px; }
svg.chart { max-width: 100%; height: auto; font-size: 12px; }
svg.chart text { fill: var(--ink); }
svg.chart text.value { fill: var(--muted); }
table { width: 100%; border-collapse: collapse; margin: 6px 0 12px; font-size: 13px; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--line); }
thead th { background: var(--soft); font-size: 12px; color: var(--muted); }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* The chart's numbers for screen readers (and machines); the chart itself shows them to the eye. */
table.chart-data { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.sev { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 11px; font-weight: 600; color: #fff; }
.sev-high { background: #c53030; } .sev-medium { background: #dd6b20; } .sev-low { background: #718096; }
ul.examples { margin: 4px 0 0; padding-left: 18px; font-size: 12px; color: var(--muted); }
ul.examples li { overflow-wrap: anywhere; }
.more { font-size: 12px; color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }
article.cluster { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
article.cluster h3 { margin: 0 0 4px; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
@media (min-width: 900px) { .charts { grid-template-columns: 1fr 1fr; } .charts figure.wide { grid-column: 1 / -1; } }
@page { size: A4; margin: 16mm 14mm 18mm; }
@media print {
  html { font-size: 11px; }
  body { max-width: none; padding: 0; }
  a { color: inherit; }
  .charts { grid-template-columns: 1fr; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  figure, article.cluster, tr, dl.metrics div { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  section.major { break-before: page; page-break-before: always; }
}
`;
