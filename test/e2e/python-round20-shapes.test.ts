// Round 20's shape through the CLI (decision 0150), on Debian's python3-parsley: ometa's
// `ParseError.__str__` returns `'\n' + line + '\n' + (' ' * columnNo + '^') + "\nParse error at line
// %s, column %s: %s. trail: [%s]\n" % (…)`, so the message starts with a line break, which the input's
// trimming takes off, and the text starts with the input's line (a hole). A first literal of spaces
// alone stands, empty, where the text starts: a template match; before, the hole took from the
// text's first line break on and the message found only a fuzzy 0.40. The error is made by running
// the real library on a bad grammar.
import { describe, expect, it } from 'vitest';
import { explainInput } from './cli.js';
import { haveLibs, libraryIndex, raised } from './debian-python.js';

describe.skipIf(!haveLibs('ometa'))('a message that starts with a line break and then a value (ometa)', () => {
  const code = 'import parsley\nparsley.makeGrammar("x = \'a\' |", {})';

  it('finds the ParseError template for the message as printed and as pasted, its values captured', () => {
    const db = libraryIndex('ometa');
    const { message } = raised(code);
    expect(message.startsWith("\nx = 'a' |\n^\nParse error at line 2, column 0: ")).toBe(true);
    for (const input of [message, message.trim()]) {
      const h = explainInput(db, input).links[0].hits[0];
      expect(h.record.filePath).toBe('ometa/runtime.py');
      expect(h.record.errorClass).toBe('ParseError');
      expect(h.matchType).toBe('template');
      expect(h.message).toContain('Parse error at line {lineNo}, column {columnNo}');
      expect(h.captures).toMatchObject({ line: "x = 'a' |", lineNo: '2' });
    }
  });

  it('ranks a raise of the error first for the whole traceback', () => {
    const db = libraryIndex('ometa');
    const { trace } = raised(code);
    const h = explainInput(db, trace).links[0].hits[0];
    expect(h.record.filePath).toBe('ometa/runtime.py');
    expect(h.lines).toContain(604);
  });
});
