// The tree's message tables (record/tables.ts): what a lookup from a file gives.
import { describe, expect, it } from 'vitest';
import { TableIndex } from '../../src/record/tables.js';
import { lit, type Template } from '../../src/template/ir.js';

const text = (ts: Template[]) => ts.map((t) => t.map((s) => ('lit' in s ? s.lit : '{}')).join(''));

describe('a lookup by the end of its key', () => {
  const index = new TableIndex();
  index.add('res/plugins.java', [{
    name: '',
    entries: [
      { key: 'include-locales.invalidtag', template: [lit('Invalid language tag: %s')], line: 3 },
      { key: 'include-locales.usage', template: [lit('--include-locales <langtag>')], line: 4 },
      { key: 'exclude-files.invalidtag', template: [lit('Bad tag')], line: 5 },
      { key: 'notinvalidtag', template: [lit('Not this one')], line: 6 },
    ],
  }]);

  it('gives only the entries whose key ends with it', () => {
    expect(text(index.entries({ table: '', key: null, keySuffix: '.invalidtag' }, 'src/A.java'))).toEqual(['Invalid language tag: %s', 'Bad tag']);
  });

  it('gives none when no key ends with it, every entry without it', () => {
    expect(index.entries({ table: '', key: null, keySuffix: '.description' }, 'src/A.java')).toEqual([]);
    expect(index.entries({ table: '', key: null }, 'src/A.java')).toHaveLength(4);
  });
});

describe('a member written with its type', () => {
  const index = new TableIndex();
  index.add('src/QueryErrors.kt', [{
    name: 'QueryCode.render()',
    entries: [
      { key: 'EMPTY_NAME', template: [lit('Parameter %d has an empty name')], line: 8 },
      { key: 'DUPLICATE', template: [lit("Parameter '%s' is given more than once")], line: 9 },
    ],
  }]);

  it("keys a table of that type's by the member (`QueryCode.DUPLICATE` in `QueryCode.render()`)", () => {
    expect(text(index.entries({ table: 'QueryCode.render()', key: 'QueryCode.DUPLICATE' }, 'src/Query.kt'))).toEqual(["Parameter '%s' is given more than once"]);
    // (another type's member is no key of it)
    expect(index.entries({ table: 'QueryCode.render()', key: 'OtherCode.DUPLICATE' }, 'src/Query.kt')).toEqual([]);
  });
});

describe("a bundle's key a caller gives", () => {
  const index = new TableIndex();
  index.add('res/javap.java', [{ name: '', entries: [{ key: 'err.unknown.option', template: [lit('unknown option: {0}')], line: 3 }] }]);

  it('is not every entry of the bundles until the caller names the key', () => {
    const t: Template = [{ hole: { name: 'key', expr: 'getMessage(key, args)', kind: 'any', lookup: { table: '', key: null, param: 'key' } } }];
    expect(index.expand(t, 'src/BadArgs.java')).toBeNull();
    const bound: Template = [{ hole: { name: 'key', expr: 'getMessage(key, args)', kind: 'any', lookup: { table: '', key: 'err.unknown.option' } } }];
    expect(text(index.expand(bound, 'src/JavapTask.java')!)).toEqual(['unknown option: {0}']);
  });
});

describe('a lookup by the start of its key (Lookup.keyPrefix)', () => {
  const index = new TableIndex();
  index.add('lib/grape/locale/en.yml', [{
    name: '',
    entries: [
      { key: 'grape.errors.messages.unknown_validator', template: [lit('unknown validator: %{validator_type}')], line: 31 },
      { key: 'grape.errors.messages.missing_option', template: [lit('You must specify :%{option} options.')], line: 29 },
      { key: 'grape.errors.attributes.x', template: [lit('Not a message')], line: 40 },
    ],
  }]);

  it('gives only the entries whose key starts with it, unbound', () => {
    expect(text(index.entries({ table: '', key: null, keyPrefix: 'grape.errors.messages.' }, 'lib/grape/exceptions/base.rb'))).toEqual([
      'unknown validator: %{validator_type}', 'You must specify :%{option} options.',
    ]);
    expect(index.entries({ table: '', key: null, keyPrefix: 'other.' }, 'lib/a.rb')).toEqual([]);
  });
});

describe("a base's method reading a text its subclasses set (Lookup.owner)", () => {
  const index = new TableIndex();
  const table = (file: string, key: string, text: string) => index.add(file, [{ name: '::field/.errmsg_negord', entries: [{ key, template: [lit(text)], line: 3 }] }]);
  table('pkg/base.py', 'Base.errmsg_negord', 'Cannot treat negative num %s as ordinal.');
  table('pkg/lang_nl.py', 'Dutch.errmsg_negord', 'Het negatieve getal %s kan niet omgezet worden.');
  table('pkg/lang_de.py', 'German.errmsg_negord', 'Die negative Zahl %s kann nicht konvertiert werden.');
  table('pkg/lang_fr.py', 'French.errmsg_negord', 'Nombre négatif %s.');
  table('other/unrelated.py', 'Unrelated.errmsg_negord', 'Not a subclass %s.');
  index.subclassesOf = (cls) => (cls === 'Base' ? ['Dutch', 'French', 'German'] : null);

  it("gives the file's own entries, then those of the owner's subclasses in any file, however many files define the name", () => {
    expect(text(index.entries({ table: '::field/.errmsg_negord', key: null, owner: 'Base' }, 'pkg/base.py'))).toEqual([
      'Cannot treat negative num %s as ordinal.',
      'Het negatieve getal %s kan niet omgezet worden.',
      'Die negative Zahl %s kann nicht konvertiert werden.',
      'Nombre négatif %s.',
    ]);
  });

  it('gives only the own entries without an owner, or for a class none derives from', () => {
    expect(text(index.entries({ table: '::field/.errmsg_negord', key: null }, 'pkg/base.py'))).toEqual(['Cannot treat negative num %s as ordinal.']);
    expect(text(index.entries({ table: '::field/.errmsg_negord', key: null, owner: 'Dutch' }, 'pkg/lang_nl.py'))).toEqual(['Het negatieve getal %s kan niet omgezet worden.']);
  });
});

describe("a lookup standing for the subclasses' texts of other files (Lookup.subclassesOnly)", () => {
  const index = new TableIndex();
  index.add('core/validators.py', [{ name: '::field/.message', entries: [{ key: 'RegexValidator.message', template: [lit('Enter a valid value.')], line: 20 }] }]);
  index.add('auth/validators.py', [{ name: '::field/.message', entries: [{ key: 'UsernameValidator.message', template: [lit('Enter a valid username (%(limit)s at most).')], line: 9 }] }]);
  index.subclassesOf = (cls) => (cls === 'RegexValidator' ? ['UsernameValidator'] : null);

  it("gives only the other files' texts of the owner's subclasses, not the file's own", () => {
    expect(text(index.entries({ table: '::field/.message', key: null, owner: 'RegexValidator', subclassesOnly: true }, 'core/validators.py'))).toEqual(['Enter a valid username (%(limit)s at most).']);
  });
});
