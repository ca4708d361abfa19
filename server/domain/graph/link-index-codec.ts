/**
 * A link index as bytes, to keep it between runs (store/repos/link-indexes-repo.ts): the typed arrays it is made
 * of one after another, so reading it back is copies, not parsing. URLs travel apart, as text.
 *
 * Layout: Int32 [FORMAT, n, m], ids, depth, status, outStart (n + 1), target (m); then bytes: flags (n), kind (m),
 * nofollow (m).
 */
import { FIELD_SEPARATOR } from '../../store/views/link-index-view.js';
import type { LinkIndexParts } from './link-index.js';

/** Changes when the layout does; a stored index of another format is rebuilt. */
const FORMAT = 1;

export function encodeLinkIndex(parts: LinkIndexParts): { urls: string; data: Buffer } {
  const n = parts.ids.length;
  const m = parts.target.length;
  const ints = 3 + 3 * n + (n + 1) + m;
  const data = Buffer.alloc(ints * 4 + n + 2 * m);
  const head = new Int32Array(data.buffer, data.byteOffset, ints);
  head.set([FORMAT, n, m]);
  let at = 3;
  for (const array of [parts.ids, parts.depth, parts.status, parts.outStart, parts.target]) {
    head.set(array, at);
    at += array.length;
  }
  let byte = ints * 4;
  for (const array of [parts.flags, parts.kind, parts.nofollow]) {
    data.set(array, byte);
    byte += array.length;
  }
  return { urls: parts.urls.join(FIELD_SEPARATOR), data };
}

/** The parts back, or null when the bytes are of another format or do not add up. */
export function decodeLinkIndex(urls: string, data: Buffer): LinkIndexParts | null {
  if (data.length < 12) return null;
  // SQLite's buffer may start at any byte: copy into an aligned one.
  const bytes = new Uint8Array(data.length);
  bytes.set(data);
  const [format, n, m] = new Int32Array(bytes.buffer, 0, 3);
  if (format !== FORMAT || n === undefined || m === undefined) return null;
  const ints = 3 + 3 * n + (n + 1) + m;
  if (data.length !== ints * 4 + n + 2 * m) return null;
  const list = urls === '' ? [] : urls.split(FIELD_SEPARATOR);
  if (list.length !== n) return null;
  let at = 12;
  const int32 = (length: number) => {
    const view = new Int32Array(bytes.buffer, at, length);
    at += length * 4;
    return view;
  };
  const uint8 = (length: number) => {
    const view = new Uint8Array(bytes.buffer, at, length);
    at += length;
    return view;
  };
  return {
    ids: int32(n),
    depth: int32(n),
    status: int32(n),
    outStart: int32(n + 1),
    target: int32(m),
    urls: list,
    flags: uint8(n),
    kind: uint8(m),
    nofollow: uint8(m),
  };
}
