// The sentence a runtime text's meaning ends with (core/pack.ts RuntimeText): the raising line is
// the call into the runtime, in the user's code or a library's, which the language's trace names.

/**
 * `whose`: what a library is called in the language (`a gem's`); `trace`: what its trace is called
 * (`a backtrace`). The sentence takes which calls they are (`open(), os.* or shutil.*`), if known.
 */
export function raisingCall(whose: string, trace: string): (what?: string) => string {
  return (what) => `the raising line is the call ${what ? `(${what})` : 'into it'}, in your code or ${whose}: ${trace} names it`;
}
