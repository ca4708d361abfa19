/**
 * What a rule's matches become: the value the API shows (capped: 100 values of 2,000 characters at most) and
 * the row the page list filters and sorts on (`first_text`, and `first_num` when the first value reads as a
 * number, so "€1,299.00" sorts after "€999").
 */
import { MAX_EXTRACT_VALUE_CHARS, MAX_EXTRACT_VALUES, type ExtractValue } from '../../schemas/extraction.js';

export interface ExtractRow {
  extractor_id: number;
  value_json: string;
  first_text: string | null;
  first_num: number | null;
}

export const capText = (s: string) =>
  s.length > MAX_EXTRACT_VALUE_CHARS ? s.slice(0, MAX_EXTRACT_VALUE_CHARS) : s;

/** The value of a text-like rule from its matched strings (empty ones dropped): first, or all up to the cap. */
export function textValue(values: Iterable<string>, all: boolean): string | string[] | null {
  const out: string[] = [];
  for (const v of values) {
    if (v === '') continue;
    out.push(capText(v));
    if (!all || out.length >= MAX_EXTRACT_VALUES) break;
  }
  if (!out.length) return null;
  return all ? out : out[0]!;
}

/**
 * A number written the usual ways on a web page: optional sign, thousands commas, a decimal point, and up to a
 * few characters of currency or unit around it ("$1,299.00", "4.5 / 5" is not one, "12 kg" is).
 */
export function numberIn(text: string): number | null {
  const m = /^[^\d+\-.]{0,4}?\s*([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[+-]?\.\d+)\s*[^\d]{0,4}$/.exec(
    text.trim(),
  );
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

export function extractRow(extractorId: number, value: ExtractValue): ExtractRow {
  const first = Array.isArray(value) ? (value[0] ?? null) : value;
  let text: string | null = null;
  let num: number | null = null;
  if (typeof first === 'string') {
    text = first;
    num = numberIn(first);
  } else if (typeof first === 'number') {
    text = String(first);
    num = first;
  } else if (typeof first === 'boolean') {
    text = String(first);
    num = first ? 1 : 0;
  }
  return { extractor_id: extractorId, value_json: JSON.stringify(value), first_text: text, first_num: num };
}
