// A caught error stored in a handler and raised again after it (`except PatternError as e: caught =
// e`, then `raise PatternError(caught.msg, caught.pos)` after the loop): the re-raise's hole reads the
// caught message, and for the message alone the re-raise, whose error is the one that leaves the
// `try`, ranks just above the raise it catches. The message comes from running the code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const ERRORS = `class PatternError(Exception):
    def __init__(self, msg, pos):
        self.msg = msg
        self.pos = pos
        super().__init__(f"{msg} at column {pos}")
`;

const PARSER = `from pat.errors import PatternError


def parse_group(text, pos):
    end = text.find(')', pos)
    if end < 0:
        raise PatternError('unclosed group, expected )', pos)
    return text[pos:end], end + 1
`;

const COMPILE = `from pat.errors import PatternError
from pat.parser import parse_group


def compile_pattern(text):
    pos = 0
    groups = []
    while pos < len(text):
        caught = None
        try:
            group, pos = parse_group(text, pos)
            groups.append(group)
        except PatternError as e:
            caught = e
        if caught:
            raise PatternError(caught.msg, caught.pos)
    return groups
`;

let db: string;
let message: string;

beforeAll(() => {
  const dir = tmpDir('stored-caught');
  db = path.join(dir, 'db.sqlite');
  const lib = path.join(dir, 'lib');
  write(lib, 'pat/__init__.py', '');
  write(lib, 'pat/errors.py', ERRORS);
  write(lib, 'pat/parser.py', PARSER);
  write(lib, 'pat/compile.py', COMPILE);
  const run = spawnSync('/usr/bin/python3', ['-c', 'from pat.compile import compile_pattern\ntry:\n    compile_pattern("abc")\nexcept Exception as e:\n    print(e)'], { cwd: lib, encoding: 'utf8' });
  message = run.stdout.trim();
  expect(errdex(['analyze', lib, '--db', db]).code).toBe(0);
}, 60_000);

describe('a caught error stored in a handler and re-raised after it', () => {
  it('reads the caught message in its hole and ranks just above the raise it catches', () => {
    expect(message).toBe('unclosed group, expected ) at column 0');
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const [first, second] = out.links[0].hits;
    expect(first.message).toBe('{msg} at column {pos}');
    expect(out.records[first.recordId]).toMatchObject({ filePath: 'pat/compile.py', lineNumber: 16 });
    expect(first.captures).toMatchObject({ msg: 'unclosed group, expected )', pos: '0' });
    expect(first.why.join(' ')).toContain('a re-raise of the error caught from pat/parser.py:7');
    // The raise it catches, which reads the whole message too, comes next.
    expect(second.message).toBe('unclosed group, expected ) at column {pos}');
    expect(first.score).toBeGreaterThan(second.score);
  });
});
