/**
 * How much of a page's matches a rule may keep: bytes per value, per rule and per page (the app settings
 * `extraction_*_max_bytes`), applied where values are made (rule-evaluator.ts) so the tester, the crawl and
 * `extract_apply` show and store the same thing. Uncapped, one 332 KB page of control characters under 50 `all`
 * rules stored 54 MB, and 13 such pages broke `GET /pages` (`Invalid string length`). A cut string says so at its
 * end; a cut list ends with an element saying how many values were left out. Sizes are counted as the stored
 * JSON (`value_json`) counts them, so the page cap holds for what is written.
 */
import { MAX_EXTRACT_VALUES } from '../../schemas/extraction.js';

export interface ValueCaps {
  valueMaxBytes: number;
  ruleMaxBytes: number;
  pageMaxBytes: number;
}

/** What the caps are where no setting is at hand (unit tests, tools): the settings' defaults. */
export const DEFAULT_VALUE_CAPS: ValueCaps = {
  valueMaxBytes: 4096,
  ruleMaxBytes: 32_768,
  pageMaxBytes: 131_072,
};

/**
 * C0 and C1 controls other than tab and newline: invisible in every view, and each costs 6 bytes (`\u0001`) in
 * JSON, so a page of them made every value six times its size.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
export const dropControls = (s: string): string => s.replace(CONTROLS, '');

/** Bytes of a string as stored in a JSON value (quotes and escapes included). */
export const jsonBytes = (s: string): number => Buffer.byteLength(JSON.stringify(s), 'utf8');

const grouped = (n: number) => n.toLocaleString('en-US');

/** Room kept for a cut note, so a note never breaks the cap it reports (the longest note is ~60 bytes). */
export const NOTE_BYTES = 72;
/** A rule may end on two notes (its last string cut, then the list): that much is set aside per rule. */
const RESERVE = 2 * NOTE_BYTES;

export const cutNote = (kept: number, total: number) =>
  ` … [cut: ${grouped(kept)} of ${grouped(total)} bytes]`;
export const leftOutNote = (n: number, why: string, atLeast = false) =>
  `[… ${grouped(n)}${atLeast ? '+' : ''} more value${n === 1 && !atLeast ? '' : 's'} left out: ${why}]`;

/**
 * Where counting what a cut list leaves out means making it (a regex's further matches), counting stops here:
 * a `{1,1000}` pattern over 332 KB took longer to count its leftovers than to find what it kept.
 */
const MAX_COUNTED = 1_000;

/** The first `max` UTF-8 bytes of `s`, cut on a character boundary. */
function utf8Prefix(s: string, max: number): string {
  if (max <= 0) return '';
  // Every character is at least one byte: no more than `max` characters can fit, so only those are encoded.
  let head = s.length > max ? s.slice(0, max) : s;
  if (/[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1);
  const buf = Buffer.from(head, 'utf8');
  if (buf.length <= max) return head;
  let end = max;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.toString('utf8', 0, end);
}

/**
 * `s` in at most `max` JSON bytes: whole when it fits, else a prefix ending with the cut note (kept of total, in
 * UTF-8 bytes of the text). A budget smaller than the note leaves the note alone.
 */
export function capString(s: string, max: number): string {
  if (s.length * 6 + 2 <= max || jsonBytes(s) <= max) return s;
  const total = Buffer.byteLength(s, 'utf8');
  let room = max - 2 - NOTE_BYTES;
  for (let i = 0; i < 4; i++) {
    const head = utf8Prefix(s, room);
    const out = head + cutNote(Buffer.byteLength(head, 'utf8'), total);
    const over = jsonBytes(out) - max;
    if (over <= 0 || room <= 0) return out;
    // Escapes (`"`, `\`) made the prefix longer in JSON than in UTF-8: cut again by the excess.
    room -= over;
  }
  return cutNote(0, total).trimStart();
}

/** The bytes one page's rules have left. */
export class PageBudget {
  private left: number;

  constructor(
    readonly caps: ValueCaps,
    rules: number,
  ) {
    // Every rule may end on notes: that room is set aside so the notes cannot push the page over.
    this.left = Math.max(0, caps.pageMaxBytes - rules * RESERVE);
  }

  get room(): number {
    return this.left;
  }

  spend(bytes: number): void {
    this.left = Math.max(0, this.left - bytes);
  }

  /** A budget for the next rule: the smaller of its own cap and what the page has left. */
  rule(): RuleBudget {
    return new RuleBudget(this);
  }
}

export class RuleBudget {
  private left: number;
  readonly valueMax: number;

  constructor(private readonly page: PageBudget) {
    this.left = Math.max(0, page.caps.ruleMaxBytes - RESERVE);
    this.valueMax = page.caps.valueMaxBytes;
  }

  /** Bytes the next value may take, and why the list stops when it is too small. */
  get room(): { bytes: number; why: string } {
    return this.page.room < this.left
      ? { bytes: this.page.room, why: `the page's ${grouped(this.page.caps.pageMaxBytes)}-byte cap` }
      : { bytes: this.left, why: `the rule's ${grouped(this.page.caps.ruleMaxBytes)}-byte cap` };
  }

  spend(bytes: number): void {
    this.left -= bytes;
    this.page.spend(bytes);
  }
}

/** Strings under a rule, where counting what is left can be cheaper than making it (a node list's length). */
export interface Matches extends Iterable<string> {
  left?: () => number;
}

/**
 * The value of a text-like rule from its matched strings (controls dropped, empty ones skipped): the first, or
 * all of them while the caps (and `MAX_EXTRACT_VALUES`) allow, the list then ending with a left-out note.
 */
export function cappedText(matches: Matches, all: boolean, budget: RuleBudget): string | string[] | null {
  const out: string[] = [];
  const it = matches[Symbol.iterator]();
  let atLeast = false;
  const rest = () => {
    if (matches.left) return matches.left();
    let n = 0;
    for (let r = it.next(); !r.done; r = it.next()) {
      if (r.value !== '') n++;
      if (n >= MAX_COUNTED) {
        atLeast = true;
        break;
      }
    }
    return n;
  };
  for (let r = it.next(); !r.done; r = it.next()) {
    const v = dropControls(r.value);
    if (v === '') continue;
    const room = budget.room;
    if (all && out.length >= MAX_EXTRACT_VALUES) {
      const n = 1 + rest();
      out.push(leftOutNote(n, `at most ${MAX_EXTRACT_VALUES} values a rule`, atLeast));
      break;
    }
    // A list element too small to say anything: the list stops here, saying how much it left out.
    if (all && out.length && room.bytes < Math.min(budget.valueMax, 64)) {
      const n = 1 + rest();
      out.push(leftOutNote(n, room.why, atLeast));
      break;
    }
    // The value cap holds its own note; past the rule's or page's room, the note takes the set-aside bytes.
    const kept = capString(v, Math.min(budget.valueMax, Math.max(0, room.bytes) + NOTE_BYTES));
    budget.spend(jsonBytes(kept) + 1);
    out.push(kept);
    if (!all) break;
  }
  if (!out.length) return null;
  return all ? out : out[0]!;
}
