// Round 18's shape through the CLI (decision 0138), on Debian's pyScss: its SassBaseError's `__str__`
// is `"{message}\n{sass_stack}".format(message=self.format_message(), …)`, and each subclass
// overrides `format_message` (SassImportError: `"Couldn't find anything to import: {0}\nExtensions:
// {1}…".format(self.bad_name, …)`; SassMissingDependency: `"{0} requires {1}, which is not
// installed".format(self.activity, self.library)`). The error is made by running the real library on
// bad input; before the override was read, the raise's record was the base's `{format_message}\n…`,
// all holes, and the message found no record at all.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir } from './cli.js';
import { DIST, haveLibs, raised } from './debian-python.js';

describe.skipIf(!haveLibs('scss'))("a base's __str__ calling a subclass's format_message (pyScss)", () => {
  const db = path.join(tmpDir('message-method'), 'db.sqlite');
  const analyzed = () => expect(errdex(['analyze', path.join(DIST, 'scss'), '--db', db]).code).toBe(0);

  it("finds the raise by the subclass's text, its argument captured", () => {
    analyzed();
    const m = raised("from scss import Compiler\nCompiler().compile_string('@import \"missing\";')").message;
    expect(m.startsWith("Couldn't find anything to import: missing\nExtensions: ")).toBe(true);
    const h = explainInput(db, m).links[0].hits[0];
    expect(`${h.record.filePath}:${h.record.lineNumber}`).toBe('scss/compiler.py:837');
    expect(h.matchType).toBe('template');
    expect(h.message).toContain("Couldn't find anything to import: {name}");
  });

  it("binds the method's holes to each raise's arguments", () => {
    analyzed();
    const h = explainInput(db, 'font manipulation requires fontforge, which is not installed\n').links[0].hits[0];
    expect(`${h.record.filePath}:${h.record.lineNumber}`).toBe('scss/extension/fonts.py:133');
    expect(h.message).toContain('font manipulation requires fontforge, which is not installed');
  });
});
