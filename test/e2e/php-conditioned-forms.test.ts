// An exception class whose constructor chooses its message by an argument compared with a literal
// (`$sMessage = "Token “{$sExpected}” ({$sMatchType}) not found. …"; if ($this->sMatchType === 'search')
// { $sMessage = "Search for …"; } else if ($this->sMatchType === 'identifier') { … }` before
// `parent::__construct($sMessage)`): a raise passing that literal (`new UnexpectedTokenException($sResult,
// $this->peek(5), 'identifier')`) gives that form, one passing another literal the form under no
// condition (decision 0117). End to end through the CLI on the Sabberworm CSS parser Debian's
// php-horde-css-parser bundles: bad CSS parsed strictly by PHP, and the message it printed explained alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;
const lib = '/usr/share/php/Horde/Css/Parser/vendor/sabberworm/php-css-parser';

beforeAll(() => {
  dir = tmpDir('php-conditioned-forms');
});

const parse = (css: string) => `<?php
require '/usr/share/php/Horde/Css/Parser/vendor/autoload.php';
(new Sabberworm\\CSS\\Parser(${JSON.stringify(css)}, Sabberworm\\CSS\\Settings::create()->beStrict()))->parse();
`;

describe('php messages chosen by a literal argument', () => {
  it('answers the form the raise chooses by the literal it passes', () => {
    const { message, file, line } = uncaught(dir, parse('a { : red; }'));
    expect(message).toBe('Identifier expected. Got “: red”');
    expect(file).toBe(`${lib}/lib/Sabberworm/CSS/Parser.php`);
    const hits = hitsFor(dir, lib, message);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0].line).toBe(line);
    expect(hits[0].record.filePath).toMatch(/lib\/Sabberworm\/CSS\/Parser\.php$/);
    expect(hits[0].score).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps the form under no condition where the raise passes no literal there', () => {
    const { message, line } = uncaught(dir, parse('a { width: 10px !importan; }'));
    expect(message).toBe('Token “important” (literal) not found. Got “importan;”.');
    const hits = hitsFor(dir, lib, message);
    expect(hits[0].line).toBe(line);
    expect(hits[0].score).toBeGreaterThanOrEqual(0.5);
  });
});
