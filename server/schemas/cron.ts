/**
 * Cron expressions, read by croner in one way everywhere: the validation of a site's `crawl_schedule` and the
 * scheduler that runs it must agree on what an expression means, so both open it here.
 */
import { Cron } from 'croner';
import { z } from 'zod';

/**
 * Five fields (minute hour day-of-month month day-of-week) as in crontab, plus croner's nicknames (`@daily`,
 * `@weekly`, …). Seconds and years are refused: a crawl a second is a typo, and a crontab user expects five.
 */
const CRON_MODE = '5-part' as const;

/**
 * The parsed expression, in `timezone` when given (tests pin one) and otherwise in the machine's own zone: an
 * analyst's "Monday 06:00" is their laptop's Monday morning. Throws croner's error for a bad expression.
 */
export function cronOf(expression: string, timezone?: string): Cron {
  return new Cron(expression, { mode: CRON_MODE, ...(timezone ? { timezone } : {}) });
}

/** Why croner refuses `expression`, or null when it is one that will run. */
export function cronProblem(expression: string): string | null {
  let cron: Cron;
  try {
    cron = cronOf(expression);
  } catch (err) {
    // croner prefixes its messages with the class that threw ("CronPattern: …"); the reason is the rest.
    return (err instanceof Error ? err.message : String(err)).replace(/^Cron\w*:\s*/, '');
  }
  // `0 0 30 2 *` parses but never comes: a schedule that never runs is a mistake worth saying so.
  return cron.nextRun() ? null : 'it never matches a date';
}

/** A site's crawl schedule: a cron expression croner accepts and that comes round at least once more. */
export const CronExpression = z
  .string()
  .trim()
  .min(1, 'is empty; use null for no schedule')
  .max(200)
  .superRefine((value, ctx) => {
    const problem = cronProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `is not a valid cron expression: ${problem}` });
  })
  .meta({
    description:
      'Five-field cron (minute hour day-of-month month day-of-week) in the machine’s local time, e.g. `0 6 * * 1` for Mondays at 06:00; `@daily`-style nicknames too.',
    example: '0 6 * * 1',
  });
