/**
 * What a rule's matches become: the value the API shows (capped in bytes, value-caps.ts) and
 * the row the page list filters and sorts on (`first_text`, and `first_num` when the first value reads as a
 * number, so "€1,299.00" sorts after "€999").
 */
import type { ExtractValue } from '../../schemas/extraction.js';
import { cappedText, DEFAULT_VALUE_CAPS, PageBudget, type Matches, type RuleBudget } from './value-caps.js';

export interface ExtractRow {
  extractor_id: number;
  value_json: string;
  first_text: string | null;
  first_num: number | null;
}

/**
 * The value of a text-like rule from its matched strings (empty ones dropped): the first, or all of them within
 * the rule's budget (by default a page of its own under the default caps).
 */
export function textValue(
  values: Matches,
  all: boolean,
  budget: RuleBudget = new PageBudget(DEFAULT_VALUE_CAPS, 1).rule(),
): string | string[] | null {
  return cappedText(values, all, budget);
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
