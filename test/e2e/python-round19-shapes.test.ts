// Round 19's shape through the CLI (decision 0143), on Debian's pyPEG2: `Parser._parse` builds its
// errors by `syntax_error("expecting one of " + repr(thing))`, a nested function returning
// `self.generate_syntax_error(msg, pos)`, which returns `SyntaxError(msg)`; `_parse` returns them in
// a tuple, and `Parser.parse` raises one after a class test (`t, r = self._parse(t, thing, pos)` /
// `if type(r) == SyntaxError: raise r`). The error is made by running the real library on bad
// input; before the test was read, the raise's record had no text and the message found no record.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir } from './cli.js';
import { DIST, haveLibs, raised } from './debian-python.js';

describe.skipIf(!haveLibs('pypeg2'))('an error a factory returns, raised after a class test (pyPEG2)', () => {
  const db = path.join(tmpDir('tested-raise'), 'db.sqlite');
  const analyzed = () => expect(errdex(['analyze', path.join(DIST, 'pypeg2'), '--db', db]).code).toBe(0);

  it("finds the raise by the factory call's text, its argument captured", () => {
    analyzed();
    // (the traceback's last line: str() of a SyntaxError given a line number adds ` (line 1)`)
    const m = raised('import pypeg2\npypeg2.parse("abc def", [pypeg2.K("if")])').trace.trim().split('\n').pop()!;
    expect(m).toBe("SyntaxError: expecting one of [Keyword('if')]");
    const h = explainInput(db, m).links[0].hits[0];
    expect(`${h.record.filePath}:${h.record.lineNumber}`).toBe('pypeg2/__init__.py:794');
    expect(h.matchType).toBe('template');
    expect(h.message).toContain('expecting one of {thing}');
    expect(h.record.errorClass).toBe('SyntaxError');
  });

  it('ranks the raise first for the whole traceback', () => {
    analyzed();
    const { trace } = raised('import pypeg2\npypeg2.parse("abc def", [pypeg2.K("if")])');
    const h = explainInput(db, trace).links[0].hits[0];
    expect(`${h.record.filePath}:${h.record.lineNumber}`).toBe('pypeg2/__init__.py:794');
    expect(h.message).toContain('expecting one of {thing}');
  });
});
