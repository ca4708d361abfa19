/** A determinate bar when the total is known, an indeterminate one while it is not (early in a crawl). */
export function ProgressBar({ done, total, label }: { done: number; total: number | null; label: string }) {
  const determinate = total !== null && total > 0;
  const pct = determinate ? Math.min(100, Math.round((done / total) * 100)) : undefined;
  return (
    <div
      className={`progress ${determinate ? '' : 'progress-indeterminate'}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={determinate ? total : undefined}
      aria-valuenow={determinate ? done : undefined}
      aria-valuetext={determinate ? `${pct}%` : `${done.toLocaleString()} done`}
    >
      <span className="progress-fill" style={determinate ? { width: `${pct}%` } : undefined} />
    </div>
  );
}
