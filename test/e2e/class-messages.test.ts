// Messages an exception class composes, through the CLI: the message of each case is made by
// running the real code (/usr/bin/python3) on bad input, and explain finds the raise from the
// message alone. Chameleon (Debian python3-chameleon) formats its errors in `__str__`, adding a
// line only when the error knows its file; a constructor choosing its message by an argument
// and a message joined from a list of lines are small fixtures run the same way.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';
const CHAMELEON = '/usr/lib/python3/dist-packages/chameleon';

function run(args: string[], cwd?: string): string {
  const r = spawnSync(PY, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout.replace(/\n$/, '');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Hit = any;
const first = (db: string, message: string): Hit => {
  const r = errdex(['explain', '--db', db, '--json', message]);
  const out = explainOutput(r.stdout);
  const h = out.links[0].hits[0];
  return h ? { ...h, file: path.basename(out.records[h.recordId].filePath) } : null;
};

describe('messages composed by exception classes', () => {
  let dir: string;
  let db: string;
  beforeAll(() => {
    dir = tmpDir('class-messages');
    db = path.join(dir, 'db.sqlite');
    write(dir, 'src/errors.py', [
      'UNDEFINED = object()',
      'class TemplateRuntimeError(Exception):',
      '    pass',
      'class UndefinedError(TemplateRuntimeError):',
      '    def __init__(self, name, owner=UNDEFINED):',
      '        if owner is not UNDEFINED:',
      "            message = '%s has no member named \"%s\"' % (repr(owner), name)",
      '        else:',
      "            message = '\"%s\" not defined' % name",
      '        TemplateRuntimeError.__init__(self, message)',
      '',
    ].join('\n'));
    write(dir, 'src/lookup.py', [
      'from errors import UndefinedError',
      'def member(obj, key):',
      '    raise UndefinedError(key, owner=obj)',
      'def name(key):',
      '    raise UndefinedError(key)',
      'def check(name, problems):',
      "    lines = ['Configuration %s is invalid:' % name]",
      '    for p in problems:',
      "        lines.append('  - %s' % p)",
      "    raise ValueError('\\n'.join(lines))",
      '',
    ].join('\n'));
    for (const p of [CHAMELEON, path.join(dir, 'src')]) {
      const r = errdex(['analyze', p, '--db', db]);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 120_000);

  it.runIf(fs.existsSync(CHAMELEON))("chameleon's __str__ with the file line it adds when it knows the file", () => {
    const message = run(['-c', [
      'from chameleon import PageTemplate',
      'try:',
      '    PageTemplate(\'<p tal:contents="title">x</p>\')',
      'except Exception as e:',
      '    print(e)',
    ].join('\n')]);
    expect(message).toMatch(/^Bad attribute for namespace '.*'\n\n - String: {5}"contents"\n - Filename: {3}<string>\n - Location: /);
    const h = first(db, message);
    expect(`${h.file}:${h.line}`).toBe('program.py:70');
    expect(h.message).toContain(' - Filename:   {filename}');
  });

  it('a constructor choosing its message by an argument: each raise finds the message its arguments give', () => {
    const src = path.join(dir, 'src');
    const owned = run(['-c', 'import lookup\ntry:\n    lookup.member(None, "name")\nexcept Exception as e:\n    print(e)'], src);
    expect(owned).toBe('None has no member named "name"');
    expect(first(db, owned)).toMatchObject({ file: 'lookup.py', line: 3 });
    const bare = run(['-c', 'import lookup\ntry:\n    lookup.name("user")\nexcept Exception as e:\n    print(e)'], src);
    expect(bare).toBe('"user" not defined');
    expect(first(db, bare)).toMatchObject({ file: 'lookup.py', line: 5 });
  });

  it('a message joined from a list of lines, with the lines a loop appends', () => {
    const message = run(['-c', 'import lookup\ntry:\n    lookup.check("prod", ["port", "host"])\nexcept Exception as e:\n    print(e)'], path.join(dir, 'src'));
    expect(message).toBe('Configuration prod is invalid:\n  - port\n  - host');
    const h = first(db, message);
    expect(h).toMatchObject({ file: 'lookup.py', line: 10, matchType: 'template' });
  });
});
