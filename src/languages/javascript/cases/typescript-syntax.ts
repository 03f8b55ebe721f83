// TypeScript syntax does not disturb templates, symbols or guards: as, non-null,
// type assertions, satisfies, generics, typed catch clauses, class members.
// (Marks: src/languages/CASES.md.)

export function parse<T>(input: string | undefined, msg?: string): T {
  if (input === undefined) throw new Error(msg as string); // expect: Error "{msg}" holes: msg symbol: parse
  if (!input!.length) throw new Error(<string>EMPTY); // expect: Error "empty input"
  if (x) throw new Error(`bad ${(input as string)!.trim()}` satisfies string); // expect: Error "bad {trim}" holes: (input as string)!.trim()
  throw new Map<string, number>() as unknown as Error; // expect: Map
}
const EMPTY = 'empty input' as const;

class Svc {
  private handle = (x: number): never => { throw new RangeError(`x=${x}`); }; // expect: RangeError "x={x}" holes: x symbol: Svc.handle
  static #check(x: number) { try { f(); } catch (e: unknown) { throw new Error('private ' + x, { cause: e }); } } // expect: Error symbol: Svc.#check guards: catch e @15
}
