// Messages Python libraries compose in their error classes or keep as class attributes, through the
// CLI on Debian's packages: the error is made by running the real library (/usr/bin/python3) on bad
// input, and its message is explained against an index of the library (decision 0078).
//   - zope.interface: `_TargetInvalid.__str__` joins `self._str_subject`, `self._str_description`, … where
//     each subclass's `@property def _str_details` says its part
//   - pathvalidate: `self._ERROR_MSG_TEMPLATE.format(…)` in _filename.py, the attribute a base class's in _base.py
//   - vobject: `VObjectError.__str__` returns `repr(self.msg)` when the raise passes no line number
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

/** The message of the error `code` raises, run by Debian's python3. */
const raise = (code: string): string => raised(code).message;

describe.skipIf(!have('zope/interface', 'pathvalidate', 'vobject'))('messages composed by error classes and class attributes (Debian libraries)', () => {
  const VERIFY = [
    'from zope.interface import Interface, implementer',
    'from zope.interface.verify import verifyObject',
    'class IStore(Interface):',
    '    def save(record, flush): pass',
    '@implementer(IStore)',
    'class Store:',
    "    def __repr__(self): return '<Store>'",
  ];

  it("reads each subclass's @property part of the base's __str__ (zope.interface's verifyObject)", () => {
    const missing = raise([...VERIFY, 'verifyObject(IStore, Store())'].join('\n'));
    expect(missing).toBe('The object <Store> has failed to implement interface __main__.IStore: The __main__.IStore.save(record, flush) attribute was not provided.');
    expect(first('zope/interface', missing)).toMatchObject({ file: 'zope/interface/verify.py', line: 106 });
    const contract = raise([...VERIFY, '    def save(self): pass', 'verifyObject(IStore, Store())'].join('\n'));
    expect(contract).toBe("The object <Store> has failed to implement interface __main__.IStore: The contract of __main__.IStore.save(record, flush) is violated because 'Store.save()' doesn't allow enough arguments.");
    expect(first('zope/interface', contract)).toMatchObject({
      file: 'zope/interface/verify.py',
      line: 149,
      template: 'The object {target} has failed to implement interface {or}: The contract of {method} is violated because {message}.',
    });
  });

  it("reads a base class's template attribute of another module through self (pathvalidate)", () => {
    const m = raise("from pathvalidate import validate_filename\nvalidate_filename('reports/2024.csv')");
    expect(m).toBe("invalid char found: invalids=('/'), value='reports/2024.csv', reason=INVALID_CHARACTER, target-platform=Windows");
    expect(first('pathvalidate', m)).toMatchObject({ template: 'invalid char found: invalids=({invalid}), value={value}' });
  });

  it("reads __str__'s repr(self.msg) for a raise passing no line number (vobject)", () => {
    const m = raise("import vobject\nvobject.readOne('BEGIN:VCARD\\nVERSION:3.0\\nN:Lovelace;Ada\\nEND:VCARD\\n').serialize()");
    expect(m).toBe("'VCARD components must contain at least 1 FN'");
    expect(first('vobject', m)).toMatchObject({ file: 'vobject/behavior.py', line: 93, template: "'{name} components must contain at least {val} {key}'" });
  });
});

describe.skipIf(!have('genshi'))("a handler's caught class and the tree's classes (genshi)", () => {
  it("does not read a raise of a class the handler does not catch inside its hole: BadDirectiveError is no ParseError", () => {
    // (base.py: `except ParseError as e: raise TemplateSyntaxError(e.msg, self.filepath, e.lineno, e.offset)`;
    // text.py's `raise BadDirectiveError(command)` writes `bad directive "{command}"`, which that hole
    // would hold, but BadDirectiveError derives from TemplateSyntaxError, not ParseError: markup.py's
    // raise, which writes the whole message, is the answer)
    const m = raise("from genshi.template import MarkupTemplate\nMarkupTemplate('<p xmlns:py=\"http://genshi.edgewall.org/\" py:iff=\"ok\">x</p>')");
    expect(m).toBe('bad directive "iff" (<string>, line 1)');
    expect(first('genshi', m)).toMatchObject({ file: 'genshi/template/markup.py', template: 'bad directive "{localname}" ({filepath}, line {pos})' });
  });
});
