/** The SQL of the rendered audit's checks — Accessibility: axe-core's rules in the rendered page (#36 §2) (schemas/audit-checks-a11y.ts). */
import type { SqlCheckId } from '../../schemas/audit-checks.js';

export const A11Y_SQL: Record<Extract<SqlCheckId, never>, string> = {};
