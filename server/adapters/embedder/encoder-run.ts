/**
 * A transformers.js encoder as the `RunEncoder` that encodeTexts drives: one forward pass over a run of padded
 * word-piece rows, returning the last hidden state. The worker and the tests that count runs share it.
 */
import { Tensor, type PreTrainedModel } from '@huggingface/transformers';
import type { RunEncoder } from './encoder-batches.js';

export function encoderRun(model: PreTrainedModel): RunEncoder {
  return async (inputIds, attentionMask, batch, seq) => {
    const dims = [batch, seq];
    const out = (await model({
      input_ids: new Tensor('int64', inputIds, dims),
      attention_mask: new Tensor('int64', attentionMask, dims),
      // MiniLM was trained with one segment: every token is type 0.
      token_type_ids: new Tensor('int64', new BigInt64Array(batch * seq), dims),
    })) as { last_hidden_state: Tensor };
    return out.last_hidden_state.data as Float32Array;
  };
}
