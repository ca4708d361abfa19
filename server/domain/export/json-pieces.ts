/**
 * JSON text a piece at a time, for answers and files that may be longer than one string can be. V8 refuses a
 * string of more than 2^29 − 24 characters (≈ 512 MB): `JSON.stringify` of 100 pages each holding 0.9 MB of
 * control characters (escaped as `\u0001`, six characters apiece) throws `RangeError: Invalid string length`.
 * Joined, the pieces are exactly `JSON.stringify(value)`; no piece is longer than the longest single value
 * needs, and not even that when the value is itself too long (it is split again, down to slices of a string).
 *
 * Each item is still stringified whole by V8 (≈ 250 MB/s on this machine, the same as one whole call), so
 * ordinary answers cost what they cost before; only a value whose text overflows pays for being split.
 */

/** Characters of a string stringified at once when the string's text alone is too long for one string. */
const STRING_SLICE = 1 << 20;
/** What `gathered` joins small pieces up to before handing them on: a socket write's worth. */
export const CHUNK_CHARS = 64 * 1024;

const isOverflow = (err: unknown) => err instanceof RangeError && /Invalid string length/i.test(err.message);

/** What `JSON.stringify` serialises in place of the value (its `toJSON`, as JSON.stringify calls it). */
function jsonView(value: unknown, key: string): unknown {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  return value;
}

/** Values an object drops and an array writes as `null`. */
const isSkipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * `within` is the longest text `JSON.stringify` may return before a value is split: V8's own limit in use
 * (Infinity here), a small one in tests, which cannot afford half a gigabyte per case; the pieces follow the
 * same rules whatever the limit.
 */
function stringifyWithin(value: unknown, within: number): string | undefined {
  const text = JSON.stringify(value);
  // Only a string or a container can be too long; a number's or a boolean's text never is.
  const splittable = typeof value === 'string' || (typeof value === 'object' && value !== null);
  if (splittable && text !== undefined && text.length > within) throw new RangeError('Invalid string length');
  return text;
}

/**
 * A whole answer's pieces: an array item by item, an object field by field with its array fields (a list's
 * `items`) item by item; each item or other field is stringified whole unless it alone is too long.
 */
export function* jsonPieces(body: unknown, within: number = Infinity): Generator<string> {
  const value = jsonView(body, '');
  const whole = (v: unknown) => valuePieces(v, within);
  if (Array.isArray(value)) yield* arrayPieces(value, whole);
  else if (typeof value === 'object' && value !== null)
    yield* objectPieces(value as Record<string, unknown>, (v) =>
      Array.isArray(v) ? arrayPieces(v, whole) : whole(v),
    );
  else yield* whole(value);
}

/**
 * One value's text: `JSON.stringify(value)` as one piece, or, when that text is too long to be a string, the
 * value split into its members (a string into slices), recursively. `undefined` gives no piece, as
 * JSON.stringify gives no text.
 */
export function* valuePieces(value: unknown, within: number = Infinity): Generator<string> {
  let text: string | undefined;
  try {
    text = stringifyWithin(value, within);
  } catch (err) {
    if (!isOverflow(err)) throw err;
    const whole = (v: unknown) => valuePieces(v, within);
    if (typeof value === 'string') yield* stringPieces(value, within);
    else if (Array.isArray(value)) yield* arrayPieces(value, whole);
    else if (typeof value === 'object' && value !== null)
      yield* objectPieces(value as Record<string, unknown>, whole);
    else throw err;
    return;
  }
  if (text !== undefined) yield text;
}

function* arrayPieces(items: readonly unknown[], piecesOf: (v: unknown) => Iterable<string>) {
  yield '[';
  for (let i = 0; i < items.length; i++) {
    if (i) yield ',';
    const v = jsonView(items[i], String(i));
    if (isSkipped(v)) yield 'null';
    else yield* piecesOf(v);
  }
  yield ']';
}

function* objectPieces(obj: Record<string, unknown>, piecesOf: (v: unknown) => Iterable<string>) {
  yield '{';
  let first = true;
  for (const key of Object.keys(obj)) {
    const v = jsonView(obj[key], key);
    if (isSkipped(v)) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* piecesOf(v);
  }
  yield '}';
}

/**
 * A string too long to stringify at once, a slice at a time (small enough that its text, at six characters a
 * code unit at worst, stays within the limit); a surrogate pair is never cut in two.
 */
function* stringPieces(s: string, within: number): Generator<string> {
  const slice = Math.max(2, Math.min(STRING_SLICE, Math.floor(within / 6)));
  yield '"';
  for (let i = 0; i < s.length;) {
    let end = Math.min(i + slice, s.length);
    // Two halves of a pair stringified apart would each be escaped as a lone surrogate (`\ud83d`).
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield JSON.stringify(s.slice(i, end)).slice(1, -1);
    i = end;
  }
  yield '"';
}

/**
 * Pieces joined into chunks of about `size` characters (a write each); a piece at least that long goes alone,
 * never joined to others, so no chunk is much longer than the longest piece.
 */
export function* gathered(pieces: Iterable<string>, size = CHUNK_CHARS): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (piece.length >= size) {
      if (length) yield parts.join('');
      parts = [];
      length = 0;
      yield piece;
      continue;
    }
    parts.push(piece);
    length += piece.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (length) yield parts.join('');
}
