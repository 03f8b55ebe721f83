// A message that is a PHP runtime function's own text, raised whole (`throw new
// NotEncodableValueException(json_last_error_msg())`): each catalogued text (languages/php/native.ts)
// is what php-cli prints for some bad input, and the message alone names Debian's Symfony
// Serializer's raise of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NATIVE_MESSAGES } from '../../src/languages/php/native.js';
import { errdex, explainOutput, tmpDir } from './cli.js';

const SERIALIZER = '/usr/share/php/Symfony/Component/Serializer';
const php = spawnSync('php', ['--version'], { encoding: 'utf8' }).status === 0;

/** PHP statements, each leaving one error behind, then the function's text printed (one line each). */
const MAKE: Record<string, string[]> = {
  json_last_error_msg: [
    'json_decode("{");',
    'json_encode("\\xB1\\x31");',
    'json_decode("[[1]]", true, 1);',
    'json_decode("[1}");',
    'json_decode("\\"\\x01\\"");',
    '$a = []; $a[] = &$a; json_encode($a);',
    'json_encode(NAN);',
    'json_encode(fopen("php://memory", "r"));',
    'json_decode("{\\"\\\\u0000a\\":1}");',
    'json_decode("\\"\\\\ud800\\"");',
  ],
  preg_last_error_msg: [
    'ini_set("pcre.backtrack_limit", "1"); preg_match("/(?:\\D+|<\\d+>)*[!?]/", "foobar foobar foobar"); ini_set("pcre.backtrack_limit", "1000000");',
    'ini_set("pcre.recursion_limit", "1"); preg_match("/(?:\\D+|<\\d+>)*[!?]/", "foobar foobar foobar"); ini_set("pcre.recursion_limit", "100000");',
    'preg_match("/./u", "\\xff");',
    'preg_match("/./u", "\\xc3\\xa9", $m, 0, 1);',
  ],
};

describe.skipIf(!php)('PHP runtime messages', () => {
  it('are what php-cli prints, every one of them', () => {
    for (const [fn, inputs] of Object.entries(MAKE)) {
      const script = inputs.map((s) => `${s} echo ${fn}(), "\\n";`).join('\n');
      const r = spawnSync('php', ['-d', 'pcre.jit=0', '-r', script], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim().split('\n').sort()).toEqual([...NATIVE_MESSAGES[fn]].sort());
    }
  });

  it.skipIf(!fs.existsSync(SERIALIZER))('name the raise of json_last_error_msg() from the message alone', () => {
    const db = path.join(tmpDir('php-native'), 'x.sqlite');
    expect(errdex(['analyze', SERIALIZER, '--db', db]).code).toBe(0);
    // what JsonDecode and JsonEncode throw for text that is not UTF-8
    const out = explainOutput(errdex(['explain', '--json', '--db', db, 'Malformed UTF-8 characters, possibly incorrectly encoded']).stdout);
    const files = out.hits.map((h: { record: { filePath: string } }) => path.basename(h.record.filePath));
    expect(files).toEqual(expect.arrayContaining(['JsonDecode.php', 'JsonEncode.php']));
    const top = out.hits[0];
    expect(top.matchType).toBe('template');
    const lines = fs.readFileSync(path.join('/usr/share/php', top.record.filePath), 'utf8').split('\n');
    // (the hit names every line of the file raising the text: the `json_last_error_msg()` one, and the
    // `catch (\JsonException $e)` re-raising `$e->getMessage()` of JSON_THROW_ON_ERROR, decision 0074)
    const raising = (top.lines as number[]).map((l) => lines[l - 1]);
    expect(raising.some((l) => l.includes('json_last_error_msg()'))).toBe(true);
    expect(raising.some((l) => l.includes('$e->getMessage()'))).toBe(true);
  });
});
