// Messages an error class composes from pieces, and class attribute texts read through `self`, in
// the shapes Python libraries give them (classes.ts, class-attribute-texts.ts, repr.ts; decision 0078).
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { ClassTable, siteTemplate } from '../../src/facts/classes.js';
import { renderMessage } from '../../src/template/ir.js';

/** The message each raise of `src` composes with the file's classes, rendered. */
function composed(src: string): string[] {
  const a = analyzePython(src);
  const classes = new ClassTable();
  classes.add('m.py', a.classes);
  return a.sites.map((s) => renderMessage(siteTemplate(s, 'm.py', classes).template));
}

describe("an error class's properties in a base's __str__", () => {
  it("says the most derived class's property or attribute of a name, a property's last return with text", () => {
    const src = [
      'class Invalid(Exception):',
      '    @property',
      '    def _subject(self):',
      '        if self.target is None:',
      "            return 'An object'",
      "        return 'The object %r' % (self.target,)",
      "    _details = '<unknown>'",
      "    _trailer = '.'",
      '    def __str__(self):',
      "        return '%s failed: %s%s' % (self._subject, self._details, self._trailer)",
      'class Missing(Invalid):',
      '    @property',
      '    def _details(self):',
      "        return 'The %s attribute was not provided' % (self.name,)",
      'class Several(Missing):',
      "    _details = 'several things'",
      "    _trailer = ''",
      'class Joined(Invalid):',
      '    @property',
      '    def _details(self):',
      "        return '\\n    ' + '\\n    '.join(str(x) for x in self.args)",
      'def check(ob):',
      '    raise Missing(ob)',
      'def check_all(ob):',
      '    raise Several(ob)',
      'def check_joined(ob):',
      '    raise Joined(ob)',
    ].join('\n');
    expect(composed(src)).toEqual([
      'The object {target} failed: The {name} attribute was not provided.',
      'The object {target} failed: several things',
      'The object {target} failed: {_details}.',
    ]);
  });
});

describe("__str__'s other returns", () => {
  it('are chosen by the arguments a raise passes, repr() of a formatted text quoted', () => {
    const src = [
      'class VError(Exception):',
      '    def __init__(self, msg, lineNumber=None):',
      '        self.msg = msg',
      '        if lineNumber is not None:',
      '            self.lineNumber = lineNumber',
      '    def __str__(self):',
      "        if hasattr(self, 'lineNumber'):",
      "            return 'At line {0!s}: {1!s}'.format(self.lineNumber, self.msg)",
      '        return repr(self.msg)',
      'def parse(line, n):',
      "    raise VError('Failed to parse line: {0!s}'.format(line), n)",
      'def validate(name, key):',
      "    m = '{0} components must contain {1}'",
      '    raise VError(m.format(name, key))',
      'def other(value):',
      '    raise VError(value)',
    ].join('\n');
    expect(composed(src)).toEqual([
      'At line {n}: Failed to parse line: {line}',
      "'{name} components must contain {key}'",
      '{value}',
    ]);
  });
});

describe('class attribute texts filed for reads through self', () => {
  it('files message-named attributes holding a sentence, and reads self.X of such a name as a lookup', () => {
    const src = [
      'class BaseFile:',
      "    _ERROR_MSG_TEMPLATE = 'invalid char found: invalids=({invalid}), value={value}'",
      "    error = 'invalid_request'",
      "    name = 'not a message name'",
      'class Validator(BaseFile):',
      '    def validate(self, value):',
      '        raise ValueError(self._ERROR_MSG_TEMPLATE.format(invalid=value, value=value))',
    ].join('\n');
    const a = analyzePython(src);
    const tables = (a.tables ?? []).filter((t) => t.name.startsWith('::field/'));
    expect(tables.map((t) => [t.name, t.entries.map((e) => [e.key, renderMessage(e.template)])])).toEqual([
      ['::field/._ERROR_MSG_TEMPLATE', [['BaseFile._ERROR_MSG_TEMPLATE', 'invalid char found: invalids=({invalid}), value={value}']]],
    ]);
    // (read where the base is in the same file, the text itself: class-attrs.ts)
    expect(renderMessage(a.sites[0].template!)).toBe('invalid char found: invalids=({invalid}), value={value}');
    // (read where the base is in another file, a lookup into the tables the tree files)
    const other = analyzePython(['from ._base import BaseFile', ...src.split('\n').slice(4)].join('\n'));
    const lookup = other.sites[0].args[0].template[0];
    // (owned by the reading method's class: its subclasses' texts of other files are entries too, decision 0086)
    expect('hole' in lookup && lookup.hole.lookup).toEqual({ table: '::field/._ERROR_MSG_TEMPLATE', key: null, owner: 'Validator' });
  });
});
