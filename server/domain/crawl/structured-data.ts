/**
 * Schema.org types declared in JSON-LD. Sites nest entities (`Product.offers`, `Article.author`) and group them
 * in `@graph`, and every one of those types is something an analyst filters by, so the whole value is walked.
 * Invalid JSON is common (trailing commas, template leftovers) and is skipped rather than failing the page.
 */

/** Adds every `@type` in one `<script type="application/ld+json">` body to `into`. */
export function collectJsonLdTypes(source: string, into: Set<string>): void {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return;
  }
  // An explicit stack: a hostile page cannot nest deeply enough to overflow the call stack.
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') pending.push(item);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '@type') addTypes(child, into);
      else if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
}

function addTypes(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    const t = value.trim();
    if (t !== '') into.add(t);
  } else if (Array.isArray(value)) {
    for (const item of value) addTypes(typeof item === 'string' ? item : null, into);
  }
}
