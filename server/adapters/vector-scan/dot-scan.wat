;; Exact inner products of one query against a block of row vectors, four f32x4 accumulators per row so the
;; adds do not wait on each other. `dim` must be a multiple of 16; the caller lays memory out and checks bounds.
;; Built into dot-scan-wasm.ts by `node scripts/build-wasm.js` (the bytes are committed; a unit test checks
;; they match this source).
(module
  (import "env" "memory" (memory 1))
  (func (export "scores") (param $q i32) (param $rows i32) (param $n i32) (param $dim i32) (param $out i32)
    (local $i i32) (local $j i32) (local $row i32) (local $stride i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local.set $stride (i32.shl (local.get $dim) (i32.const 2)))
    (local.set $row (local.get $rows))
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $a2 (v128.const i32x4 0 0 0 0))
        (local.set $a3 (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $each_block
          (local.set $a0 (f32x4.add (local.get $a0)
            (f32x4.mul (v128.load (i32.add (local.get $q) (local.get $j)))
                       (v128.load (i32.add (local.get $row) (local.get $j))))))
          (local.set $a1 (f32x4.add (local.get $a1)
            (f32x4.mul (v128.load offset=16 (i32.add (local.get $q) (local.get $j)))
                       (v128.load offset=16 (i32.add (local.get $row) (local.get $j))))))
          (local.set $a2 (f32x4.add (local.get $a2)
            (f32x4.mul (v128.load offset=32 (i32.add (local.get $q) (local.get $j)))
                       (v128.load offset=32 (i32.add (local.get $row) (local.get $j))))))
          (local.set $a3 (f32x4.add (local.get $a3)
            (f32x4.mul (v128.load offset=48 (i32.add (local.get $q) (local.get $j)))
                       (v128.load offset=48 (i32.add (local.get $row) (local.get $j))))))
          (local.set $j (i32.add (local.get $j) (i32.const 64)))
          (br_if $each_block (i32.lt_u (local.get $j) (local.get $stride))))
        (local.set $a0 (f32x4.add (f32x4.add (local.get $a0) (local.get $a1))
                                  (f32x4.add (local.get $a2) (local.get $a3))))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2)))
          (f32.add (f32.add (f32x4.extract_lane 0 (local.get $a0)) (f32x4.extract_lane 1 (local.get $a0)))
                   (f32.add (f32x4.extract_lane 2 (local.get $a0)) (f32x4.extract_lane 3 (local.get $a0)))))
        (local.set $row (i32.add (local.get $row) (local.get $stride)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each_row)))))
