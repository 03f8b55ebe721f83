// Decision 0117: a class's forms chosen by a parameter compared with a literal (ClassInfo.altWhen,
// facts/classes.ts byCondition), and a class's text for an empty argument at a raise passing a value of
// unknown text (fallsBack), on PHP trees assembled as the CLI does.
import { describe, expect, it } from 'vitest';
import { messagesByLine as messagesIn } from './assembled.js';

const messagesByLine = (files: Record<string, string>) => messagesIn('php', files);

const lines = (...l: string[]) => l.join('\n') + '\n';

describe('forms chosen by a literal argument', () => {
  const exception = lines(
    '<?php',
    'class TokenException extends \\Exception {',
    '    private $kind;',
    '    public function __construct($expected, $found, $kind = \'literal\') {',
    '        $this->kind = $kind;',
    '        $message = "Token {$expected} ({$kind}) not found, got {$found}.";',
    '        if ($this->kind === \'search\') {',
    '            $message = "Search for {$expected} found nothing near {$found}.";',
    '        } else if ($kind == \'identifier\') {',
    '            $message = "Identifier expected, got {$found}.";',
    '        }',
    '        parent::__construct($message);',
    '    }',
    '}',
  );
  const m = messagesByLine({
    'TokenException.php': exception,
    'Parser.php': lines(
      '<?php',
      'class Parser {',
      '    function ident($s, $rest) { throw new TokenException($s, $rest, \'identifier\'); }',
      '    function find($s, $rest) { throw new TokenException($s, $rest, \'search\'); }',
      '    function expr($s, $rest) { throw new TokenException($s, $rest, \'expression\'); }',
      '}',
    ),
  });
  it('takes the form under the literal a raise passes, by the property or the parameter', () => {
    expect(m.get('Parser.php:3')?.[0]).toBe('Identifier expected, got {rest}.');
    expect(m.get('Parser.php:4')?.[0]).toBe('Search for {s} found nothing near {rest}.');
  });
  it('takes the form under no condition for a literal no branch tests', () => {
    expect(m.get('Parser.php:5')?.[0]).toBe('Token {s} (expression) not found, got {rest}.');
  });
});

describe('a text for an empty argument', () => {
  const m = messagesByLine({
    'DeniedException.php': lines(
      '<?php',
      'class DeniedException extends \\Exception {',
      '    public function __construct($message = null, $code = 0) {',
      '        parent::__construct($message ?? \'This action is not allowed.\', $code);',
      '    }',
      '}',
    ),
    'Decision.php': lines(
      '<?php',
      'class Decision {',
      '    function check() { throw new DeniedException($this->reason()); }',
      '    function plain() { throw new DeniedException(\'Only owners may delete.\'); }',
      '}',
    ),
  });
  it('is a message of a raise passing a value of unknown text', () => {
    expect(m.get('Decision.php:3')).toContain('This action is not allowed.');
  });
  it('is no message of a raise passing its own text', () => {
    expect(m.get('Decision.php:4')).toEqual(['Only owners may delete.']);
  });
  it('is none when the class keeps an empty text', () => {
    const e = messagesByLine({
      'ConnectionException.php': lines(
        '<?php',
        'class ConnectionException extends \\Exception {',
        '    public function __construct($message = null) {',
        '        parent::__construct($message ?? \'\');',
        '    }',
        '}',
      ),
      'Reader.php': lines('<?php', 'class Reader {', '    function read($r) { throw new ConnectionException($r->error()); }', '}'),
    });
    expect(e.get('Reader.php:3') ?? []).not.toContain('');
  });
});
