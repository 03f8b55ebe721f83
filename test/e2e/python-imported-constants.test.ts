// A module's text constant imported by name into the file that raises it, through the CLI on
// Debian's python3-unidiff: the error is made by running the real library (/usr/bin/python3) on bad
// input, and its message is explained against an index of the library (decision 0092).
//   - unidiff: patch.py's `raise UnidiffParseError('Unexpected marker:' + LINE_VALUE_NO_NEWLINE)`,
//     the constant imported with `from unidiff.constants import (…, LINE_VALUE_NO_NEWLINE, …)` and
//     written in constants.py (`LINE_VALUE_NO_NEWLINE = ' No newline at end of file'`)
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

describe.skipIf(!have('unidiff'))("a text constant imported from the package's constants module (unidiff)", () => {
  it("says constants.py's text at patch.py's raise, not a hole named for the constant", () => {
    const m = raised("from unidiff import PatchSet\nPatchSet('--- a/x\\n+++ b/x\\n\\\\ No newline at end of file\\n')").message;
    expect(m).toBe('Unexpected marker: No newline at end of file');
    expect(first('unidiff', m)).toMatchObject({ file: 'unidiff/patch.py', line: 371, template: 'Unexpected marker: No newline at end of file' });
  });
});
