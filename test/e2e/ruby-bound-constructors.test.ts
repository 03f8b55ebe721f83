// Ruby end to end: an error class whose message is built two constructors up (Debian ruby-mail 2.7).
// `raise Mail::Field::IncompleteParseError.new(Mail::AddressList, data, p)` in each generated parser;
// IncompleteParseError's `initialize` passes `super element, original_text, "Only able to parse up to
// #{parsed_text.inspect}"` and ParseError's stores `@element = element; @value = to_utf8(value)` and
// passes `super("#{@element} can not parse |#{@value}|: #{@reason}")`. The instance variables are
// the parameters, so each raise's arguments are bound in, the class constant shown by its name:
// the parsers' messages differ by the element each names. The mail tree is analyzed by the CLI, the
// real interpreter raises. CI needs the Debian packages ruby and ruby-mail.
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, rubyMessage, VENDOR } from './ruby-run.js';

/** The message Mail raises for this code. */
const run = (code: string): string => rubyMessage('mail', code);

describe('ruby: a message built by a chain of constructors, bound with each raise\'s arguments (Debian ruby-mail)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'mail');
  }, 120_000);

  it('answers each parser\'s message by its own raise, not another parser\'s', () => {
    const cases: [string, string][] = [
      ['Mail::Address.new("<<bad@@>")', 'mail/parsers/address_lists_parser.rb'],
      ['Mail::ContentTypeElement.new("text/plain; ;;= =")', 'mail/parsers/content_type_parser.rb'],
      ['Mail::DateTimeElement.new("not a date at all")', 'mail/parsers/date_time_parser.rb'],
    ];
    for (const [code, file] of cases) {
      const message = run(code);
      expect(message).toMatch(/can not parse \|/);
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = explainOutput(r.stdout);
      expect(out.hits[0].record, message).toMatchObject({ filePath: file, errorClass: 'Mail::Field::IncompleteParseError' });
      expect(out.hits[0].record.errorMessage, message).toMatch(/^Mail::\w+ can not parse \|/);
    }
  });
});
