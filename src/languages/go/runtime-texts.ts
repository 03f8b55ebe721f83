// Panics the Go runtime raises itself (core/pack.ts Runtime): what go of this machine prints, each
// checked by its probe. A panic's goroutine trace names the raising line; the message alone does not.

import type { Runtime } from '../../core/pack.js';

const FRAME = "the raising line is the first frame below runtime's in the goroutine trace (`panic(…)` then `main.f(…)\\n\\tfile.go:12`)";

export const GO_RUNTIME: Runtime = {
  name: 'the Go runtime',
  texts: [
    {
      text: 'runtime error: invalid memory address or nil pointer dereference', errorClass: 'runtime.Error',
      meaning: `code dereferenced a nil pointer, or called a method of a nil interface or struct pointer (an error ignored and its result used, a map lookup of a missing pointer); ${FRAME}.`,
      probe: 'var p *struct{ x int }; _ = p.x',
    },
    {
      text: 'runtime error: index out of range [{index}] with length {length}', errorClass: 'runtime.Error',
      meaning: `code indexed a slice, array or string past its end (often input shorter than a format says); ${FRAME}.`,
      probe: 's := []int{1}; i := 3; _ = s[i]',
    },
    {
      text: 'runtime error: slice bounds out of range [{bounds}] with {what} {length}', errorClass: 'runtime.Error',
      meaning: `code sliced a slice or string past its end; ${FRAME}.`,
      probe: 's := []int{1}; j := 5; _ = s[:j]',
    },
    {
      text: 'runtime error: integer divide by zero', errorClass: 'runtime.Error',
      meaning: `an integer division or remainder had a zero divisor; ${FRAME}.`,
      probe: 'z := 0; _ = 1 / z',
    },
    {
      text: 'assignment to entry in nil map', errorClass: 'runtime.Error',
      meaning: `code stored into a map that was never made (a struct field or var of map type without make()); ${FRAME}.`,
      probe: 'var m map[string]int; m["a"] = 1',
    },
    {
      text: 'interface conversion: {value} is {actual}, not {wanted}', errorClass: 'runtime.Error',
      meaning: `a type assertion without ", ok" met a value of another type; ${FRAME}.`,
      probe: 'var v interface{} = "x"; _ = v.(int)',
    },
  ],
};
