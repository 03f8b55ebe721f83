// `.properties` resource bundles as message tables (record/locale.ts propertiesTable), and which
// `.properties` files the walk reads (scan/walk.ts isLocaleFile): the format's lines, escapes and
// continuations, MessageFormat's quotes where an entry has `{0}` fields.
import { describe, expect, it } from 'vitest';
import { localeTable, propertiesTable } from '../../src/record/locale.js';
import { isLocaleFile } from '../../src/scan/walk.js';
import { renderMessage } from '../../src/template/ir.js';

const entries = (text: string) => (propertiesTable(text)?.entries ?? []).map((e) => [e.key, renderMessage(e.template), e.line]);

describe('propertiesTable', () => {
  it('reads key=value, key: value and key value lines, skipping comments and blank lines', () => {
    expect(entries('# texts\n! more\n\nquery.closed=The query is frozen\nquery.empty : Nothing to read\nquery.long  Query too long\n')).toEqual([
      ['query.closed', 'The query is frozen', 4],
      ['query.empty', 'Nothing to read', 5],
      ['query.long', 'Query too long', 6],
    ]);
  });

  it('joins a value continued by a trailing backslash, at its first line', () => {
    expect(entries('err.usage=Usage: tool \\\n    [options] files\nnext=Second entry\n')).toEqual([
      ['err.usage', 'Usage: tool [options] files', 1],
      ['next', 'Second entry', 3],
    ]);
    // (an escaped backslash at the end does not continue the line)
    expect(entries('path=A path ends in \\\\\nnext=Second entry\n').map((e) => e[0])).toEqual(['path', 'next']);
  });

  it('reads \\uXXXX, \\t and escaped separators in keys and values', () => {
    expect(entries('a\\=b=caf\\u00e9 is closed\\tnow\n')).toEqual([['a=b', 'café is closed\tnow', 1]]);
  });

  it("reads an entry with {0} fields as a MessageFormat pattern: '' is a quote, the fields holes", () => {
    expect(entries("query.bad=Invalid escape ''{0}'' in ''{1}''\nplain=Can''t read\n")).toEqual([
      ['query.bad', "Invalid escape '{value}' in '{value}'", 1],
      // (no field: printed as written, a bundle's text not given to MessageFormat)
      ['plain', "Can''t read", 2],
    ]);
  });

  it('is null for a file of no message (settings)', () => {
    expect(propertiesTable('port=8080\nenabled=true\n')).toBeNull();
    expect(localeTable('k=A message here', 'org/x/messages.properties')?.entries[0].key).toBe('k');
  });
});

describe('isLocaleFile for .properties', () => {
  it("reads a bundle's default texts, not its translations", () => {
    expect(isLocaleFile('src/main/resources/org/x/query.properties')).toBe(true);
    expect(isLocaleFile('ValidationMessages.properties')).toBe(true);
    expect(isLocaleFile('src/main/resources/org/x/query_de.properties')).toBe(false);
    expect(isLocaleFile('org/x/Messages_pt_BR.properties')).toBe(false);
  });
});

describe("a YAML locale file's double-quoted escapes", () => {
  const value = (yaml: string) => renderMessage(localeTable(yaml, 'en.yml')!.entries[0].template);

  it("reads YAML's own escapes: \\_ a no-break space, \\/ a slash", () => {
    expect(value('en:\n  gap: "the value\\_is not a date\\/time"\n')).toBe('the value\u00a0is not a date/time');
  });

  it('reads an escaped backslash before _ as a backslash, not as the start of \\_', () => {
    expect(value('en:\n  path: "C:\\\\_tmp is not writable"\n')).toBe('C:\\_tmp is not writable');
  });
});
