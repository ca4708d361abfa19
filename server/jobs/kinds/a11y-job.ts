/**
 * The `accessibility` job kind: axe-core's checks on the crawled HTML pages (domain/audit/a11y-check-service.ts).
 * Each group of pages commits with the last page id done as the checkpoint, so a restart resumes after it.
 */
import type { A11yCheckService } from '../../domain/audit/a11y-check-service.js';
import type { JobKind } from '../job-kind.js';

export function a11yJobKind(a11y: A11yCheckService): JobKind<'accessibility'> {
  return {
    kind: 'accessibility',
    onRestart: 'resume',
    run: (ctx) => a11y.run(ctx),
  };
}
