// @ts-check
/**
 * The BERT encoder as an ONNX graph, written node by node: embeddings, self-attention layers and, for
 * cross-encoders, a sequence-classification head. It takes the weights as a lookup of decoded fp32 tensors
 * (scripts/model/weights.js) and returns a ModelProto for onnx-proto to encode; docs/embedding-model.md walks through
 * the graph. The tiny cross-encoder test fixture builds its model with this same code.
 */
import { DataType, GraphBuilder, float, int, ints, tensorType } from './onnx-graph.js';
import { MODEL_NAME, SOURCE_PACKAGE } from './source.js';
import { quantizeColumns, transpose } from './weights.js';

/**
 * @typedef {import('./onnx-graph.js').ModelProto} ModelProto
 * @typedef {import('./source.js').BertConfig} BertConfig
 * @typedef {import('./weights.js').TensorLookup} TensorLookup
 * @typedef {object} Layers the graph being built and the weighted layers it is made of; each returns its output's name
 * @property {GraphBuilder} g
 * @property {TensorLookup} tensor
 * @property {(name: string) => string} weight a tensor as an fp32 initializer of its own name
 * @property {(x: string, prefix: string, out?: string) => string} layerNorm `<prefix>.{weight,bias}` over the last axis
 * @property {(x: string, prefix: string) => string} linear x·Wᵀ + b for `<prefix>.{weight,bias}`, int8 when quantized
 * @typedef {object} Attention the constants every layer's self-attention shares (initializer names)
 * @property {string} maskBias additive mask, [B, 1, 1, S]
 * @property {string} splitHeads Reshape target [0, 0, heads, headSize]
 * @property {string} mergeHeads Reshape target [0, 0, hidden]
 * @property {string} scale 1/√headSize
 */

/**
 * A BERT encoder as an ONNX ModelProto (opset 17). Quantized: every Linear is a com.microsoft DynamicQuantizeMatMul
 * over per-column symmetric int8 weights; embeddings and LayerNorms stay fp32.
 * @param {TensorLookup} tensor
 * @param {BertConfig} config BertModel config.json
 * @param {boolean} quantized
 * @param {'none' | 'sequence-classification'} [head] 'sequence-classification' outputs `logits` [batch, num_labels]
 * @returns {ModelProto}
 */
export function bertModel(tensor, config, quantized, head = 'none') {
  const hidden = config.hidden_size;
  const heads = config.num_attention_heads;
  const headSize = hidden / heads;
  const nn = layers(tensor, config.layer_norm_eps ?? 1e-12, quantized);
  const { g, weight } = nn;

  // Embeddings: word + position (0..seq-1) + token type, then LayerNorm.
  const seqLen = g.op('Gather', [g.op('Shape', ['input_ids']), g.i64('one', [], [1])]);
  const positions = g.op('Range', [g.i64('zero', [], [0]), seqLen, 'one']);
  const embeddings = g.op('Add', [
    g.op('Add', [
      g.op('Gather', [weight('embeddings.word_embeddings.weight'), 'input_ids']),
      g.op('Gather', [weight('embeddings.position_embeddings.weight'), positions]),
    ]),
    g.op('Gather', [weight('embeddings.token_type_embeddings.weight'), 'token_type_ids']),
  ]);
  let h = nn.layerNorm(embeddings, 'embeddings.LayerNorm');

  // Additive mask: 0 where attended, -1e9 on padding, as [B, 1, 1, S] to broadcast over heads and queries.
  const mask = g.op('Cast', ['attention_mask'], [int('to', DataType.FLOAT)]);
  const inverted = g.op('Sub', [g.f32('one_f', [], [1]), mask]);
  const maskBias = g.op('Unsqueeze', [
    g.op('Mul', [inverted, g.f32('mask_value', [], [-1e9])]),
    g.i64('axes_1_2', [2], [1, 2]),
  ]);
  /** @type {Attention} */
  const attention = {
    maskBias,
    splitHeads: g.i64('split_heads_shape', [4], [0, 0, heads, headSize]),
    mergeHeads: g.i64('merge_heads_shape', [3], [0, 0, hidden]),
    scale: g.f32('attention_scale', [], [1 / Math.sqrt(headSize)]),
  };

  for (let l = 0; l < config.num_hidden_layers; l++) {
    const last = l === config.num_hidden_layers - 1;
    h = encoderLayer(nn, attention, h, `encoder.layer.${l}`, last ? 'last_hidden_state' : '');
  }

  const numLabels = config.num_labels ?? 1;
  const logits = head === 'sequence-classification' ? classificationHead(nn, hidden, numLabels) : null;

  const tokens = (/** @type {number} */ type) => tensorType(type, ['batch_size', 'sequence_length']);
  return {
    irVersion: 8,
    producerName: 'siteloupe scripts/build-model.js',
    docString: `${MODEL_NAME} (sentence-transformers, Apache-2.0) built from ${SOURCE_PACKAGE}`,
    opsetImport: [
      { domain: '', version: 17 },
      ...(quantized ? [{ domain: 'com.microsoft', version: 1 }] : []),
    ],
    graph: {
      name: quantized ? `${MODEL_NAME}-q8` : MODEL_NAME,
      node: g.nodes,
      initializer: g.initializers,
      input: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => ({
        name,
        type: tokens(DataType.INT64),
      })),
      output: logits
        ? [{ name: logits, type: tensorType(DataType.FLOAT, ['batch_size', numLabels]) }]
        : [
            {
              name: 'last_hidden_state',
              type: tensorType(DataType.FLOAT, ['batch_size', 'sequence_length', hidden]),
            },
          ],
    },
  };
}

/**
 * A new graph and the weighted layers that add to it.
 * @param {TensorLookup} tensor
 * @param {number} eps LayerNorm epsilon
 * @param {boolean} quantized
 * @returns {Layers}
 */
function layers(tensor, eps, quantized) {
  const g = new GraphBuilder();
  /** @param {string} name */
  const weight = (name) => g.f32(name, tensor(name).shape, tensor(name).data);
  return {
    g,
    tensor,
    weight,
    layerNorm: (x, prefix, out = '') =>
      g.op(
        'LayerNormalization',
        [x, weight(`${prefix}.weight`), weight(`${prefix}.bias`)],
        [float('epsilon', eps), int('axis', -1)],
        out,
      ),
    linear: (x, prefix) => {
      const { shape, data } = tensor(`${prefix}.weight`); // [out, in]
      const [rows, cols] = /** @type {[number, number]} */ (shape);
      const bias = weight(`${prefix}.bias`);
      if (!quantized)
        return g.op('Add', [
          g.op('MatMul', [x, g.f32(`${prefix}.weight_t`, [cols, rows], transpose(data, rows, cols))]),
          bias,
        ]);
      const { q, scale } = quantizeColumns(data, rows, cols);
      const w = g.init(`${prefix}.weight_t_int8`, DataType.INT8, [cols, rows], new Uint8Array(q.buffer));
      return g.op(
        'DynamicQuantizeMatMul',
        [x, w, g.f32(`${prefix}.weight_scale`, [rows], scale), '', bias],
        [],
        '',
        'com.microsoft',
      );
    },
  };
}

/**
 * One transformer layer (post-LayerNorm, as BERT): self-attention, residual + LayerNorm, a GELU feed-forward
 * block, residual + LayerNorm.
 * @param {Layers} nn
 * @param {Attention} attention
 * @param {string} h the layer's input, [B, S, hidden]
 * @param {string} p the layer's weight prefix, `encoder.layer.<l>`
 * @param {string} out the output's name, '' for a generated one
 * @returns {string}
 */
function encoderLayer(nn, attention, h, p, out) {
  const { g, linear, layerNorm } = nn;
  /** @param {string} x @param {number[]} perm */
  const heads4d = (x, perm) =>
    g.op('Transpose', [g.op('Reshape', [x, attention.splitHeads])], [ints('perm', perm)]);
  const query = heads4d(linear(h, `${p}.attention.self.query`), [0, 2, 1, 3]); // [B, H, S, D]
  const keyT = heads4d(linear(h, `${p}.attention.self.key`), [0, 2, 3, 1]); // [B, H, D, S]
  const value = heads4d(linear(h, `${p}.attention.self.value`), [0, 2, 1, 3]);
  const scores = g.op('Add', [
    g.op('Mul', [g.op('MatMul', [query, keyT]), attention.scale]),
    attention.maskBias,
  ]);
  const probs = g.op('Softmax', [scores], [int('axis', -1)]);
  const context = g.op('Transpose', [g.op('MatMul', [probs, value])], [ints('perm', [0, 2, 1, 3])]);
  const attended = linear(g.op('Reshape', [context, attention.mergeHeads]), `${p}.attention.output.dense`);
  const h1 = layerNorm(g.op('Add', [attended, h]), `${p}.attention.output.LayerNorm`);

  const x = linear(h1, `${p}.intermediate.dense`);
  const erf = g.op('Erf', [g.op('Div', [x, g.f32('sqrt2', [], [Math.SQRT2])])]);
  const gelu = g.op('Mul', [g.op('Mul', [x, g.op('Add', [erf, 'one_f'])]), g.f32('half', [], [0.5])]); // exact GELU
  const ffn = linear(gelu, `${p}.output.dense`);
  return layerNorm(g.op('Add', [ffn, h1]), `${p}.output.LayerNorm`, out);
}

/**
 * Sequence classification (cross-encoders): the [CLS] state through BERT's tanh pooler, then the classifier.
 * @param {Layers} nn
 * @param {number} hidden
 * @param {number} numLabels
 * @returns {string} `logits`, [B, numLabels]
 */
function classificationHead(nn, hidden, numLabels) {
  const { g } = nn;
  const cls = g.op('Gather', ['last_hidden_state', g.i64('zero', [], [0])], [int('axis', 1)]);
  const pooled = g.op('Tanh', [nn.linear(cls, 'pooler.dense')]);
  const { shape, data } = nn.tensor('classifier.weight'); // [numLabels, hidden]
  const [rows, cols] = /** @type {[number, number]} */ (shape);
  const classifier = g.f32('classifier.weight_t', [hidden, numLabels], transpose(data, rows, cols));
  return g.op('Add', [g.op('MatMul', [pooled, classifier]), nn.weight('classifier.bias')], [], 'logits');
}
