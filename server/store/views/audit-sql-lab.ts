/** The SQL of the rendered audit's checks — Page experience in the lab: paint, layout shift, blocking time, weight (#36 §3) (schemas/audit-checks-lab.ts). */
import type { SqlCheckId } from '../../schemas/audit-checks.js';

export const LAB_SQL: Record<Extract<SqlCheckId, never>, string> = {};
