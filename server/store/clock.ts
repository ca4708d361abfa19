/** One clock for stored timestamps, so every table writes the same ISO-8601 UTC form. */
export const nowIso = (): string => new Date().toISOString();
