/**
 * The machine's ceiling for all-MiniLM-L6-v2: the model's floating-point work per token against the rate
 * onnxruntime's matrix multiply reaches on these cores, in fp32 and in int8, for the model's own shapes. A
 * pipeline's tokens/s divided by the ceiling reads as the fraction of the physical limit it reaches.
 *
 * Measured in a process of its own (`ceilingInChildProcess`): inside a process whose worker threads hold other
 * onnxruntime sessions, the same products ran at half the rate.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import onnxProto from 'onnx-proto';

const HIDDEN = 384;
const INTERMEDIATE = 1536;
const LAYERS = 6;
/** Per layer: Q, K, V and the attention output (hidden × hidden), the two feed-forward projections. */
const SHAPES: [k: number, n: number, times: number][] = [
  [HIDDEN, HIDDEN, 4],
  [HIDDEN, INTERMEDIATE, 1],
  [INTERMEDIATE, HIDDEN, 1],
];

const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;
const tensor = (elemType: number, dims: (string | number)[]) => ({
  tensorType: {
    elemType,
    shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
  },
});

/** One product x[M, k] × W[k, n] with random weights: MatMul in fp32, MatMulInteger (u8 × s8) in int8. */
function gemmModel(k: number, n: number, int8: boolean): Uint8Array {
  const weights = int8
    ? new Uint8Array(k * n).map(() => (Math.random() * 200) | 0)
    : new Uint8Array(new Float32Array(k * n).map(() => Math.random() - 0.5).buffer);
  const initializer = [{ name: 'W', dataType: int8 ? INT8 : FLOAT, dims: [k, n], rawData: weights }];
  if (int8) initializer.push({ name: 'zp', dataType: UINT8, dims: [], rawData: new Uint8Array([128]) });
  const model = {
    irVersion: 8,
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'gemm',
      node: [
        int8
          ? { opType: 'MatMulInteger', input: ['x', 'W', 'zp'], output: ['y'] }
          : { opType: 'MatMul', input: ['x', 'W'], output: ['y'] },
      ],
      initializer,
      input: [{ name: 'x', type: tensor(int8 ? UINT8 : FLOAT, ['M', k]) }],
      output: [{ name: 'y', type: tensor(int8 ? INT32 : FLOAT, ['M', n]) }],
    },
  };
  return onnxProto.onnx.ModelProto.encode(model).finish();
}

/** Operations a second (multiply and add counted apart) for an [m, k] × [k, n] product. */
async function gemmRate(k: number, n: number, int8: boolean, m = 4096, seconds = 2): Promise<number> {
  const session = await ort.InferenceSession.create(gemmModel(k, n, int8), {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: availableParallelism(),
  });
  const x = int8
    ? new ort.Tensor(
        'uint8',
        new Uint8Array(m * k).map(() => (Math.random() * 255) | 0),
        [m, k],
      )
    : new ort.Tensor(
        'float32',
        new Float32Array(m * k).map(() => Math.random()),
        [m, k],
      );
  await session.run({ x });
  const started = performance.now();
  let runs = 0;
  while (performance.now() - started < seconds * 1000) {
    await session.run({ x });
    runs++;
  }
  await session.release();
  return (2 * m * k * n * runs) / ((performance.now() - started) / 1000);
}

export interface Ceiling {
  flopsPerToken: number;
  fp32: { gflops: number; tokensPerSecond: number };
  int8: { gops: number; tokensPerSecond: number };
}

/** At `meanLength` word pieces a text (attention's work grows with it; it runs in fp32 in both models). */
export async function measureCeiling(meanLength: number): Promise<Ceiling> {
  const attention = LAYERS * 2 * 2 * meanLength * HIDDEN;
  let projections = 0;
  let fp32Seconds = 0;
  let int8Seconds = 0;
  const fp32Rates: number[] = [];
  for (const [k, n, times] of SHAPES) {
    const flops = LAYERS * times * 2 * k * n;
    const fp32 = await gemmRate(k, n, false);
    const int8 = await gemmRate(k, n, true);
    fp32Rates.push(fp32);
    projections += flops;
    fp32Seconds += flops / fp32;
    int8Seconds += flops / int8;
  }
  const attentionSeconds = attention / Math.max(...fp32Rates);
  const flopsPerToken = projections + attention;
  return {
    flopsPerToken,
    fp32: {
      gflops: flopsPerToken / (fp32Seconds + attentionSeconds) / 1e9,
      tokensPerSecond: 1 / (fp32Seconds + attentionSeconds),
    },
    int8: {
      gops: flopsPerToken / (int8Seconds + attentionSeconds) / 1e9,
      tokensPerSecond: 1 / (int8Seconds + attentionSeconds),
    },
  };
}

/** measureCeiling in a fresh process: `tsx bench/embed/ceiling.ts <meanLength>` prints it as JSON. */
export function ceilingInChildProcess(meanLength: number): Ceiling {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), String(meanLength)],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Ceiling;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measureCeiling(Number(process.argv[2] ?? 150))));
}
