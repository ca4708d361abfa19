/**
 * The slice of the WebAssembly JS API the server uses (SIMD kernels for vector search and MinHash). Node has the
 * global, but @types/node 20 does not declare it and the server is compiled without the DOM library.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
    /** Grows by `delta` 64 KiB pages; returns the previous size in pages. */
    grow(delta: number): number;
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  function validate(bytes: Uint8Array): boolean;
}
