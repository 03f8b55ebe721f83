// Round 15's JavaScript shape read at one site (decision 0121): an entry of a const object of message
// functions, called; and what stays a hole (an entry that is no function, a function returning no text).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const site = (src: string, line: number) => analyzeJavaScript(src).sites.find((s) => s.line === line);
/** The site's template and the other texts its message argument may give (`args[0].alts`). */
const readings = (src: string, line: number): string[] => {
  const s = site(src, line);
  if (!s) return [];
  const alts = (s.args?.[0] as { alts?: unknown[] } | undefined)?.alts ?? [];
  return [s.template, ...alts].map((t) => renderMessage(t as never));
};

describe('an entry of a table of message functions, called', () => {
  const table = [
    'const messages = {',
    '  required: (_, label) => `${label} is required`,',
    '  maxString: ({ max }, label) => `${label} cannot exceed ${max} characters`,',
    '};',
  ];

  it('by a written key is the entry, its parameters the arguments', () => {
    const src = [...table, "function f(info) { throw new Error(messages.required(info, 'Name')); }"].join('\n');
    expect(renderMessage(site(src, 5)!.template)).toBe('Name is required');
  });

  it('by a key read from a value, or through a local, is a site whose texts are every entry', () => {
    const src = [...table,
      'function f(info, label) { throw new Error(messages[info.type](info, label)); }',
      'function g(info, label) { const fn = messages[info.type]; throw new Error(fn(info, label)); }',
    ].join('\n');
    for (const line of [5, 6]) {
      const all = readings(src, line);
      expect(all.some((t) => t.endsWith(' is required'))).toBe(true);
      expect(all.some((t) => t.includes(' cannot exceed '))).toBe(true);
    }
  });

  it('leaves a table holding other values, or functions of no text, as before', () => {
    const src = [
      "const mixed = { required: (l) => `${l} is required`, note: 'a plain note' };",
      'const numbers = { double: (n) => n * 2, half: (n) => n / 2 };',
      'function f(k, l) { throw new Error(mixed[k.name](l)); }',
      'function g(k, n) { throw new Error(numbers[k.name](n)); }',
    ].join('\n');
    expect(readings(src, 3).some((t) => t.includes('is required'))).toBe(false);
    expect(readings(src, 4).every((t) => !/\w/.test(t.replace(/\{[^}]*\}/g, '')))).toBe(true);
  });
});

describe("a caller's override returned first, then the default", () => {
  const fn = (guard: string, last: string) => [
    'class S {',
    '  messageFor(info) {',
    '    let message;',
    '    if (this.options.getMessage !== undefined) {',
    '      message = this.options.getMessage(info);',
    `      if (${guard}) return message;`,
    '    }',
    `    return ${last};`,
    '  }',
    '  validate(info) { const message = this.messageFor(info); throw new Error(message); }',
    '}',
  ].join('\n');

  it('is the default text, beside a hole for the override', () => {
    for (const guard of ['message !== undefined', 'message != null', 'null !== message']) {
      const all = readings(fn(guard, '`${info.label} is not valid for the form`'), 10);
      expect(all).toContain('{label} is not valid for the form');
    }
  });

  it('is no text when the return is not guarded so, or the last return is the override', () => {
    expect(readings(fn('message', '`${info.label} is not valid for the form`'), 10).some((t) => t.includes('not valid'))).toBe(false);
    expect(readings(fn('message !== undefined', 'message'), 10).some((t) => t.includes('not valid'))).toBe(false);
  });
});
