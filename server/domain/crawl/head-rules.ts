/**
 * Rules the head collector (head-facts.ts) applies to what a page declares, so that the audit's SQL reads a
 * verdict rather than parsing attribute values: whether `<html lang>` is a BCP 47 tag, and whether a viewport lets
 * a phone lay the page out at its own width and lets the reader zoom.
 *
 * Language tags are checked with the ICU data Node ships (`Intl`), not a hand-written list: `getCanonicalLocales`
 * refuses what is not well formed (`en_US`, `english-uk`), and `Intl.DisplayNames` knows which languages and
 * regions exist, so `xx` or `en-ZZ` are named too. No network.
 */

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** ISO 639's private-use range (qaa–qtz): valid, and no registry names it. */
const PRIVATE_USE_LANGUAGE = /^q[a-t][a-z]$/;

/**
 * Why `tag` (an `<html lang>` value as written) is not a BCP 47 language tag, or null when it is one. An empty
 * value is the HTML way of saying "unknown" and passes.
 */
export function langProblem(tag: string): string | null {
  // A site declares one or a few languages on every page, and ICU's checks cost ~20 µs a page (3 % of extraction
  // on a generated site's pages): each tag is judged once per process.
  let known = judged.get(tag);
  if (known === undefined) {
    if (judged.size >= JUDGED_MAX) judged.clear();
    judged.set(tag, (known = judgeLang(tag)));
  }
  return known;
}

const judged = new Map<string, string | null>();
const JUDGED_MAX = 1000;

function judgeLang(tag: string): string | null {
  const value = tag.trim();
  if (value === '') return null;
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(value)[0]!;
  } catch {
    return value.includes('_')
      ? `"${value}" is not a BCP 47 tag: subtags are joined by "-", not "_"`
      : `"${value}" is not a well-formed BCP 47 tag`;
  }
  const locale = new Intl.Locale(canonical);
  const language = locale.language;
  if (language.length > 3) return `"${language}" is not a language code (ISO 639: two or three letters)`;
  if (!PRIVATE_USE_LANGUAGE.test(language) && languageNames.of(language) === undefined)
    return `"${language}" is not a known language code`;
  // The region as written: ICU quietly maps retired codes (UK → GB), which browsers and search engines do not.
  const written = value.split('-').find((s, i) => i > 0 && /^(?:[a-z]{2}|\d{3})$/i.test(s));
  if (written !== undefined && /^[a-z]{2}$/i.test(written)) {
    const region = written.toUpperCase();
    if (locale.region !== region) return `"${written}" is not a region code; ${locale.region ?? 'none'} is`;
    if (regionNames.of(region) === undefined) return `"${written}" is not a known region code`;
  }
  return null;
}

/** Zoom below this maximum scale is blocked (the rule; Lighthouse asks for 5). */
export const MIN_MAXIMUM_SCALE = 2;

/**
 * What keeps a viewport from being responsive: no `width=device-width`, or zoom blocked (`user-scalable=no`, a
 * `maximum-scale` below 2). Empty when it is fine.
 */
export function viewportProblems(content: string): string[] {
  const props = new Map<string, string>();
  // Browsers also accept spaces between properties (`width=device-width initial-scale=1`) and around `=`.
  for (const part of content
    .toLowerCase()
    .replace(/\s*=\s*/g, '=')
    .split(/[,;\s]+/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    props.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const problems: string[] = [];
  const width = props.get('width');
  if (width !== 'device-width')
    problems.push(
      width === undefined ? 'no width=device-width' : `width=${width}: a fixed width, not device-width`,
    );
  const scalable = props.get('user-scalable');
  if (scalable === 'no' || scalable === '0') problems.push(`user-scalable=${scalable} blocks zoom`);
  const max = props.get('maximum-scale');
  if (max !== undefined && Number.parseFloat(max) < MIN_MAXIMUM_SCALE)
    problems.push(`maximum-scale=${max} blocks zoom (below ${MIN_MAXIMUM_SCALE})`);
  return problems;
}
