/**
 * The rendered audit's checks — Accessibility: axe-core's rules in the rendered page (#36 §2). The SQL is in
 * store/views/audit-sql-a11y.ts, the evidence shapes in audit-evidence-a11y.ts.
 */
export const A11Y_CHECKS = {} as const;
