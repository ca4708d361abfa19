/** How the audit's terms look wherever they appear: severity badges, priorities, share bars, the health score. */
import type { Issue, Priority, Severity } from '../api/types.js';
import { SEVERITY_TONE } from '../api/value-lists.js';
import { fmtShare } from '../format.js';
import { Badge } from './controls.js';

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge tone={SEVERITY_TONE[severity]}>{severity}</Badge>;
}

export function PriorityMark({ priority }: { priority: Priority }) {
  return (
    <span className={`priority priority-${priority}`} title={`${priority} priority`}>
      {priority}
    </span>
  );
}

/** The marks of one check in a line: severity, priority, and whether it is muted. */
export function IssueMarks({ issue }: { issue: Pick<Issue, 'severity' | 'priority' | 'muted'> }) {
  return (
    <span className="badge-row issue-marks">
      <SeverityBadge severity={issue.severity} />
      <PriorityMark priority={issue.priority} />
      {issue.muted && <Badge>muted</Badge>}
    </span>
  );
}

/** The share of the URLs a check applies to that it lists: a bar and the percentage. */
export function ShareBar({ share, tone }: { share: number; tone: string }) {
  return (
    <span className="share" title={`${fmtShare(share)} of the URLs this check looks at`}>
      <span className="bar-track share-track">
        <span
          className={`bar-fill tone-${tone}`}
          style={{ width: `${share > 0 ? Math.max(2, share * 100) : 0}%` }}
        />
      </span>
      <span className="share-value">{fmtShare(share)}</span>
    </span>
  );
}

/** The UI's bands: good at 80 and above, fair from 50 (how the score is computed is in docs/audit.md). */
export const healthTone = (score: number) => (score >= 80 ? 'ok' : score >= 50 ? 'warn' : 'bad');

export function HealthScore({ score }: { score: number }) {
  return (
    <span className={`health tone-${healthTone(score)}`}>
      <span className="health-value">{score}</span>
      <span className="health-max">/ 100</span>
    </span>
  );
}
