/**
 * The rendered audit's checks — Page experience in the lab: paint, layout shift, blocking time, weight (#36 §3). The SQL is in
 * store/views/audit-sql-lab.ts, the evidence shapes in audit-evidence-lab.ts.
 */
export const LAB_CHECKS = {} as const;
