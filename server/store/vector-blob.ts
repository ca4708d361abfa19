/** A vector read from a BLOB column as a Float32Array view, without copying when the bytes allow it. */

/** A Float32Array view needs 4-byte alignment, which Buffers from SQLite do not promise: those are copied. */
export function vectorView(b: Uint8Array): Float32Array {
  const bytes = b.byteOffset % 4 === 0 ? b : new Uint8Array(b);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}
