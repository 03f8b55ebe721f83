// Fuzz: parseInput (every pack's trace syntax, the log-line readers) on random, mutated and
// hostile inputs never throws, stays within a time bound proportional to the input, and makes
// links bounded by it. FUZZ_CASES cases per property (ERRDEX_FUZZ_CASES for a long run).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyInput, FUZZ_CASES, FUZZ_SEED, HUGE, parseChecked, TRACES } from './inputs.js';

describe('fuzz: parseInput', () => {
  it('reads the evaluation corpus traces (the mutations start from real traces)', () => {
    expect(TRACES.length).toBeGreaterThan(100);
  });

  it('never throws, hangs or blows up on random and mutated inputs', () => {
    fc.assert(fc.property(anyInput, (text) => {
      parseChecked(text);
    }), { numRuns: FUZZ_CASES * 4, seed: FUZZ_SEED });
  });

  it('reads the same links from a trace inside a log as alone (the log around it does not change it)', () => {
    // (traces with frames: a Go or Rust error returned rather than panicking prints plain lines, which a log's own lines may take in)
    const framed = TRACES.filter((t) => parseChecked(t).links.some((l) => l.frames.length > 0));
    fc.assert(fc.property(fc.constantFrom(...framed), fc.nat(3), (trace, k) => {
      const alone = parseChecked(trace).links.map((l) => [l.errorClass, l.message, l.frames.length]);
      const noise = ['2026-12-01T10:00:00Z INFO app: ok', '{"level":"info","msg":"served"}', 'level=info msg="fine"', ''][k];
      const logged = parseChecked([noise, '', trace, '', noise].join('\n')).links.map((l) => [l.errorClass, l.message, l.frames.length]);
      expect(logged).toEqual(alone);
    }), { numRuns: FUZZ_CASES, seed: FUZZ_SEED });
  });

  for (const [name, make] of HUGE) {
    it(`hostile input: ${name}`, () => {
      parseChecked(make());
    });
  }
});
