/** Evidence shapes of the rendered audit's checks — Accessibility: axe-core's rules in the rendered page (#36 §2). */
export const A11Y_EVIDENCE = {} as const;
