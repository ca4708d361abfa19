/** Evidence shapes of the rendered audit's checks — JavaScript: raw HTML against the rendered DOM (#36 §1). */
export const JS_EVIDENCE = {} as const;
