// A message an exception class joins from the parts it was given, leaving out those that are
// None (ruamel.yaml's MarkedYAMLError, as PyYAML's: `if self.context is not None:
// lines.append(self.context)`), and a message formatted by a helper of another module given the
// format string and its fields by keyword (ruamel.yaml's `_F('found undefined alias {alias!r}',
// alias=alias)`), arguments spread from a local list (`raise DuplicateKeyError(*args)`) and a note
// the class dedents. Through the CLI, on Debian's python3-ruamel.yaml: each message is made by
// running the real parser (/usr/bin/python3) on bad input, and explained alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const RUAMEL = '/usr/lib/python3/dist-packages/ruamel/yaml';

const messageOf = (yaml: string): string => {
  const script = `import sys\nfrom ruamel.yaml import YAML\ntry:\n    YAML().load(sys.argv[1])\nexcept Exception as e:\n    sys.stdout.write(str(e))\n`;
  return spawnSync(PY, ['-c', script, yaml], { encoding: 'utf8' }).stdout;
};

describe('parts of a joined message left out for a None argument (ruamel.yaml)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('absent-parts'), 'db.sqlite');
    const r = errdex(['analyze', RUAMEL, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  const first = (message: string) => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const h = out.links[0].hits[0];
    return h && { file: out.records[h.recordId].filePath, line: out.records[h.recordId].lineNumber, message: out.records[h.recordId].errorMessage };
  };

  it('answers ComposerError(None, None, _F(…), mark) with its raise, the None parts and their line breaks left out', () => {
    const message = messageOf('defaults: &base {retries: 3}\nservice: *defaultz\n');
    expect(message.startsWith("found undefined alias 'defaultz'\n  in \"<unicode string>\", line 2, column 10:")).toBe(true);
    expect(first(message)).toEqual({ file: 'ruamel/yaml/composer.py', line: 117, message: 'found undefined alias {alias}\n{start_mark}\n{note}' });
  });

  it('binds `raise DuplicateKeyError(*args)` of a local list, its note dedented as `__str__` prints it', () => {
    const message = messageOf('name: api\nname: worker\n');
    expect(message).toContain('found duplicate key "name" with value "worker" (original value: "api")');
    expect(message).toContain('\nTo suppress this check see:\n    http://yaml.readthedocs.io/');
    expect(first(message)).toMatchObject({ file: 'ruamel/yaml/constructor.py', line: 294 });
  });

  it('keeps every part a raise gives (ParserError with its context and marks)', () => {
    const message = messageOf('ports: [80, 443\nhost: example.org\n');
    expect(message.startsWith('while parsing a flow sequence\n')).toBe(true);
    expect(first(message)).toMatchObject({ file: 'ruamel/yaml/parser.py', line: 679, message: "while parsing a flow sequence\n{marks}\nexpected ',' or ']', but got {id}\n{start_mark}\n{note}" });
  });
});
