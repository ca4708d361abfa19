/** The SQL of the rendered audit's checks — JavaScript: raw HTML against the rendered DOM (#36 §1) (schemas/audit-checks-js.ts). */
import type { SqlCheckId } from '../../schemas/audit-checks.js';

export const JS_SQL: Record<Extract<SqlCheckId, never>, string> = {};
