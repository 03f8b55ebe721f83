// Ruby end to end: an error holding the messages of errors collected before it. gherkin 4.0 (Debian
// ruby-gherkin): the parser adds each error of a run to `context.errors` and raises
// `CompositeParserException.new(context.errors)`, whose `initialize` passes `super "Parser errors:\n" +
// errors.map(&:message).join("\n")`; the inner errors' own raises (token_matcher.rb's
// `NoSuchLanguageException`, ast_builder.rb's inconsistent cell count) match the inner text better.
// The tree is analyzed by the CLI, the real interpreter raises.
// CI needs the Debian packages ruby and ruby-gherkin.
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, rubyMessage, VENDOR } from './ruby-run.js';

describe('ruby: errors.map(&:message).join in a message, the collected errors\' texts (Debian ruby-gherkin)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'gherkin');
  }, 120_000);

  it('answers the composite error at its raise first, the inner error\'s raise next, wrapped by it', () => {
    const cases = [
      'Gherkin::Parser.new.parse("# language: xx\\nFeature: a\\n")',
      'Gherkin::Parser.new.parse("Feature: a\\n  Scenario: b\\n    Given c\\n      | a |\\n      | a | b |\\n")',
    ];
    for (const code of cases) {
      const message = rubyMessage('gherkin/parser', code);
      expect(message.startsWith('Parser errors:\n')).toBe(true);
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const hits = explainOutput(r.stdout).hits;
      expect(hits[0].record.filePath, message).toBe('gherkin/parser.rb');
      // (the inner error's raise: read in the hole, wrapped by the composite's record)
      const inner = hits.find((h: { wrappedBy?: { kind: string; recordId?: string }[] }) => h.wrappedBy?.some((w) => w.kind === 'record' && w.recordId === hits[0].recordId));
      expect(inner?.record.filePath, message).toMatch(/^gherkin\/(?:token_matcher|ast_builder)\.rb$/);
    }
  });
});
