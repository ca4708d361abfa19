/** Evidence shapes of the rendered audit's checks — Page experience in the lab: paint, layout shift, blocking time, weight (#36 §3). */
export const LAB_EVIDENCE = {} as const;
