// Round 14's shape in the Python pack (decision 0114): an error handed to a method that keeps its
// parameter in a list attribute (`self.errors.append(exc)`) is raised where an element of that list is
// raised (`errors = [e for e in state.errors if …]` / `raise errors[0]`).
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { keeperKeys, keepers } from '../../src/languages/python/built.js';

describe('methods keeping their parameter in a list attribute', () => {
  const src = [
    'class State:',
    '    def push_exception(self, exc):',
    '        """Add an error."""',
    '        self.errors.append(exc)',
    '    def note(self, text, exc):',
    '        self.notes.append(exc)',
    '    def push_error(self, message):',
    '        err = DecodeError(message)',
    '        self.push_exception(err)',
  ].join('\n');

  it('names the method by the attribute, only when it keeps its first parameter', () => {
    expect([...keepers(src)]).toEqual([['errors', ['push_exception']]]);
  });

  it('reads the attributes a raised list is built from, not methods called', () => {
    const kept = keepers(src);
    expect(keeperKeys("[err for err in state.errors if err.severity in ('fatal', 'error')]", kept)).toEqual(['call:push_exception']);
    expect(keeperKeys('state.errors', kept)).toEqual(['call:push_exception']);
    expect(keeperKeys('self.errors()', kept)).toEqual([]);
    expect(keeperKeys('state.warnings', kept)).toEqual([]);
  });

  it("makes the raise of an element of the list a raise of what the keeper is handed", () => {
    const raise = [
      'class JSON:',
      '    def decode(self, txt):',
      '        state = State()',
      "        errors = [err for err in state.errors if err.severity == 'error']",
      '        if errors:',
      '            raise errors[0]',
      '    def other(self, state):',
      '        raise state.errors[-1]',
      '    def none(self, stuff):',
      '        raise stuff[0]',
    ].join('\n');
    const sites = analyzePython(`${src}\n${raise}`).sites;
    const at = (line: number) => sites.find((s) => s.line === line)!;
    expect(at(15).raisesHeld).toContain('call:push_exception');
    expect(at(17).raisesHeld).toContain('call:push_exception');
    expect(at(19).raisesHeld ?? []).not.toContain('call:push_exception');
    // (the construction handed to the keeper is kept under its name)
    expect(sites.find((s) => s.line === 8)).toMatchObject({ heldAs: 'call:push_exception', constructedOnly: true });
  });
});
