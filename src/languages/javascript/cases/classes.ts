// TypeScript error classes: generics, implements, parameter properties, fields,
// abstract classes, class expressions. (Marks: src/languages/CASES.md.)

// expect-class: BaseError "Base failure: {detail}" holes: detail bases: Error params: detail, opts code: E_BASE status: 500
export abstract class BaseError<T = unknown> extends Error implements Foo {
  readonly code: string = 'E_BASE';
  status = 500;
  constructor(public readonly detail: string, opts?: { cause?: unknown }) {
    super(`Base failure: ${detail}`, opts);
  }
}
// expect-class: HttpError "{message}" holes: message bases: BaseError code: E_HTTP params: status, message
export class HttpError extends BaseError<string> {
  override readonly code = 'E_HTTP' as const;
  constructor(status: number, message: string) { super(message); }
}
const Anon = class extends Error {}; // expect-class: Anon - bases: Error
exports.Other = class extends Error {}; // expect-class: Other - bases: Error
