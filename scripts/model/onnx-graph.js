// @ts-check
/**
 * Writing an ONNX graph by hand: a builder that names nodes and collects initializers, plus the few attribute and
 * type shapes a graph needs, all as plain objects in the shape of onnx-proto's messages (`onnx.ModelProto.encode`
 * takes them as they are). Nothing here knows BERT; scripts/model/bert-graph.js uses it.
 */

/**
 * @typedef {import('onnx-proto').onnx.IModelProto} ModelProto
 * @typedef {import('onnx-proto').onnx.INodeProto} NodeProto
 * @typedef {import('onnx-proto').onnx.ITensorProto} TensorProto
 * @typedef {import('onnx-proto').onnx.IAttributeProto} AttributeProto
 * @typedef {import('onnx-proto').onnx.ITypeProto} TypeProto
 */

// The values of two onnx.proto enums, spelt here so that building a graph needs onnx-proto only to encode it.
/** TensorProto.DataType: the element types this graph uses. */
export const DataType = Object.freeze({ FLOAT: 1, INT8: 3, INT64: 7 });
/** AttributeProto.AttributeType: the attribute kinds this graph uses. */
const AttributeType = Object.freeze({ FLOAT: 1, INT: 2, INTS: 7 });

/** Collects nodes and initializers; initializers are deduplicated by name, so a constant may be asked for twice. */
export class GraphBuilder {
  constructor() {
    /** @type {NodeProto[]} */
    this.nodes = [];
    /** @type {TensorProto[]} */
    this.initializers = [];
    /** @type {Set<string>} */
    this.names = new Set();
  }

  /**
   * Adds a node and returns the name of its (single) output.
   * @param {string} opType
   * @param {string[]} inputs '' for an omitted optional input
   * @param {AttributeProto[]} [attribute]
   * @param {string} [output] defaults to a generated name
   * @param {string} [domain]
   * @returns {string}
   */
  op(opType, inputs, attribute = [], output = '', domain = '') {
    const name = `${opType}_${this.nodes.length}`;
    const out = output || `${name}_out`;
    this.nodes.push({ name, opType, domain, input: inputs, output: [out], attribute });
    return out;
  }

  /**
   * Adds an initializer unless one of that name exists; returns the name either way.
   * @param {string} name
   * @param {number} dataType
   * @param {number[]} dims
   * @param {Uint8Array} rawData little-endian
   * @returns {string}
   */
  init(name, dataType, dims, rawData) {
    if (!this.names.has(name)) {
      this.names.add(name);
      this.initializers.push({ name, dataType, dims, rawData });
    }
    return name;
  }

  /** @param {string} name @param {number[]} dims @param {ArrayLike<number>} values @returns {string} */
  f32(name, dims, values) {
    const data = values instanceof Float32Array ? values : Float32Array.from(values);
    return this.init(
      name,
      DataType.FLOAT,
      dims,
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    );
  }

  /** @param {string} name @param {number[]} dims @param {number[]} values @returns {string} */
  i64(name, dims, values) {
    return this.init(
      name,
      DataType.INT64,
      dims,
      new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer),
    );
  }
}

/** @param {string} name @param {number} f @returns {AttributeProto} */
export const float = (name, f) => ({ name, type: AttributeType.FLOAT, f });
/** @param {string} name @param {number} i @returns {AttributeProto} */
export const int = (name, i) => ({ name, type: AttributeType.INT, i });
/** @param {string} name @param {number[]} values @returns {AttributeProto} */
export const ints = (name, values) => ({ name, type: AttributeType.INTS, ints: values });

/**
 * A tensor's type for a graph input or output.
 * @param {number} elemType
 * @param {(string | number)[]} dims symbolic names or fixed sizes
 * @returns {TypeProto}
 */
export function tensorType(elemType, dims) {
  const dim = dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d }));
  return { tensorType: { elemType, shape: { dim } } };
}
