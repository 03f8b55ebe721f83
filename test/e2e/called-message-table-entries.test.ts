// Round 15's npm shape (decision 0121): a table of message functions, an object literal of this file
// whose entries are functions returning text (simpl-schema's `defaultMessages = { required: (_,
// label) => `${String(label)} is required`, … }`), called by a written key (`messages.required(info,
// label)`), by a key read from a value (`messages[info.type](info, label)`: every entry's text), or
// through a local holding the entry (`const msgFn = messages[info.type]; … msgFn(info, label)`).
// And a function returning a caller's override first (`if (message !== undefined) return message;`),
// then a default text (simpl-schema's `messageForError`): the default is read.
// No installed package of the eval calls such a table in the file that raises (simpl-schema's helper
// is imported from another file: left, see docs/holdout-round15-npm.md), so fixtures through the CLI.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

interface Hit { record: { filePath: string; lineNumber: number; errorMessage: string; errorClass: string | null } }

describe('entries of a table of message functions, called', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('r15-db'), 'r.sqlite');
    const fixture = tmpDir('r15-fixture');
    const table = (form: string): string[] => [
      'const defaultMessages = {',
      '  minNumber: ({ min }, label) => `${String(label)} must be at least ${String(min)} in the ' + form + ' form`,',
      '  required: (_, label) => `${String(label)} is required by the ' + form + ' form`,',
      '  keyNotInSchema: function ({ name }) { return `${name} is not allowed by the ' + form + ' form`; },',
      '};',
    ];
    write(fixture, 'lib/direct.js', [...table('booking'),
      'function check(info, label) {',
      '  if (!info.ok) throw new Error(defaultMessages.required(info, label));',
      '  throw new RangeError(defaultMessages[info.type](info, label));',
      '}',
      'module.exports = { check };', '',
    ].join('\n'));
    write(fixture, 'lib/local.js', [...table('rental'),
      'function messageFor(info, label) {',
      '  const msgFn = defaultMessages[info.type];',
      "  return typeof msgFn === 'function' ? msgFn(info, label) : `${info.type} ${info.name}`;",
      '}',
      'function validate(info) {',
      '  throw new TypeError(messageFor(info, info.label));',
      '}',
      'module.exports = { validate };', '',
    ].join('\n'));
    write(fixture, 'lib/override.js', [
      'class Schema {',
      '  messageFor(info) {',
      '    let message;',
      '    if (this.options.getErrorMessage !== undefined) {',
      '      message = this.options.getErrorMessage(info);',
      '      if (message !== undefined) return message;',
      '    }',
      '    return `${info.label} does not fit the seating plan`;',
      '  }',
      '  validate(info) {',
      '    const message = this.messageFor(info);',
      '    throw new TypeError(message);',
      '  }',
      '}',
      'module.exports = { Schema };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 180_000);

  const hits = (input: string): Hit[] => explainInput(db, input).hits;
  const at = (h: Hit | undefined): string => (h ? `${h.record.filePath}:${h.record.lineNumber}` : 'none');

  it('an entry called by a written key is its text, the label a hole', () => {
    const hit = hits('Arrival date is required by the booking form')[0];
    expect(at(hit)).toBe('lib/direct.js:7');
    expect(hit.record.errorClass).toBe('Error');
  });

  it('an entry called by a key read from a value gives every entry (arrow or function) at the site', () => {
    expect(at(hits('Guests must be at least 1 in the booking form')[0])).toBe('lib/direct.js:8');
    expect(at(hits('pets is not allowed by the booking form')[0])).toBe('lib/direct.js:8');
    expect(hits('Guests must be at least 1 in the booking form')[0].record.errorClass).toBe('RangeError');
  });

  it("a local holding the entry, called in a helper's return, is read at the caller's raise", () => {
    const hit = hits('Guests must be at least 2 in the rental form')[0];
    expect(hits('Guests must be at least 2 in the rental form').some((h) => at(h) === 'lib/local.js:11')).toBe(true);
    expect(hit.record.errorClass).toBe('TypeError');
  });

  it("a caller's override returned first, then a default text: the default is read at the raise", () => {
    const hit = hits('Table 12 does not fit the seating plan')[0];
    expect(at(hit)).toBe('lib/override.js:12');
    expect(hit.record.errorClass).toBe('TypeError');
  });
});
