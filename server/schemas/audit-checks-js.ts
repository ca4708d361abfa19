/**
 * The rendered audit's checks — JavaScript: raw HTML against the rendered DOM (#36 §1). The SQL is in
 * store/views/audit-sql-js.ts, the evidence shapes in audit-evidence-js.ts.
 */
export const JS_CHECKS = {} as const;
