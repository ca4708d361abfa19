/**
 * Reads a JSON document too long to be one string (over V8's 2^29 − 24 characters) as it arrives: the one
 * array at `arrayDepth` (1: the document is an array; 2: a field of the top object, a list's `items`) is cut
 * into its elements, each parsed on its own with `JSON.parse`, and the rest of the document is parsed with
 * that array left empty. The cut follows JSON's own grammar (strings and their escapes, nesting), not the
 * writer's chunks, so a document is accepted only if it is valid JSON.
 */
import type { Readable } from 'node:stream';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

export interface SplitJson {
  /** The document with the split array empty. */
  rest: unknown;
  /** How many elements the array held. */
  count: number;
  /** Bytes read. */
  bytes: number;
}

/**
 * Splits the stream's document, handing each parsed element to `onElement` (and dropping it, so memory holds
 * one element at a time).
 */
export async function splitJson(
  stream: Readable,
  arrayDepth: 1 | 2,
  onElement: (element: unknown, index: number) => void,
): Promise<SplitJson> {
  const stack: number[] = [];
  let inString = false;
  /** Inside a string, the previous chunk ended with a backslash that escapes this chunk's first byte. */
  let escaped = false;
  let element: Buffer[] | null = null;
  let elementFrom = 0;
  const rest: Buffer[] = [];
  let restFrom = 0;
  let count = 0;
  let bytes = 0;
  let inTarget = false;
  let targetSeen = false;

  const endElement = (chunk: Buffer, at: number) => {
    element!.push(chunk.subarray(elementFrom, at));
    onElement(JSON.parse(Buffer.concat(element!).toString('utf8')), count++);
    element = null;
  };

  /**
   * From `i` inside a string: the index just past its closing quote, or the chunk's end. Quotes are found
   * with `indexOf` (a string of megabytes is skipped at memchr speed, not byte by byte); a quote is the end
   * when an even number of backslashes precedes it, counting one left unpaired at the previous chunk's end.
   */
  const skipString = (chunk: Buffer, i: number): number => {
    for (;;) {
      const q = chunk.indexOf(QUOTE, i);
      const end = q === -1 ? chunk.length : q;
      let k = end - 1;
      while (k >= i && chunk[k] === BACKSLASH) k--;
      const run = end - 1 - k + (k < i && escaped ? 1 : 0);
      if (q === -1) {
        escaped = run % 2 === 1;
        return chunk.length;
      }
      escaped = false;
      if (run % 2 === 0) {
        inString = false;
        return q + 1;
      }
      i = q + 1;
    }
  };

  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    restFrom = 0;
    elementFrom = 0;
    for (let i = 0; i < chunk.length;) {
      if (inString) {
        i = skipString(chunk, i);
        continue;
      }
      const b = chunk[i]!;
      if (inTarget && !element && stack.length === arrayDepth && !isSpace(b) && b !== COMMA) {
        if (b !== CLOSE_ARRAY) {
          element = [];
          elementFrom = i;
        }
      }
      if (b === QUOTE) inString = true;
      else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        stack.push(b);
        if (b === OPEN_ARRAY && stack.length === arrayDepth && !targetSeen) {
          inTarget = targetSeen = true;
          rest.push(chunk.subarray(restFrom, i + 1));
        }
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
        if (inTarget && stack.length === arrayDepth) {
          if (element) endElement(chunk, i);
          inTarget = false;
          restFrom = i;
        }
        stack.pop();
      } else if (b === COMMA && element && stack.length === arrayDepth) {
        endElement(chunk, i);
      }
      i++;
    }
    if (element) element.push(chunk.subarray(elementFrom));
    else if (!inTarget) rest.push(chunk.subarray(restFrom));
  }
  if (stack.length || inString) throw new Error(`the document ended inside a value after ${bytes} bytes`);
  if (!targetSeen) throw new Error(`the document has no array at depth ${arrayDepth}`);
  return { rest: JSON.parse(Buffer.concat(rest).toString('utf8')), count, bytes };
}
