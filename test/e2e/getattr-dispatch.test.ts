// A method reached through `__getattr__`, end to end on Debian's cssutils: `_ErrorHandler.__getattr__`
// returns `self.__handle` for `error`, `warn`, … (errorhandler.py), and `__handle(msg, token, …)`
// raises `error('%s [%s:%s: %s]' % (msg, line, col, value))`. The texts are written at the tree's
// `self._log.error('…', token)` calls, `_log` an `errorhandler.ErrorHandler()` (util.py's Base);
// the traceback ends at the raise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const CSSUTILS = '/usr/lib/python3/dist-packages/cssutils';

/** The line of `raise error(msg)` in `__handle`, read from the installed file. */
function raiseLine(): number {
  const lines = fs.readFileSync(path.join(CSSUTILS, 'errorhandler.py'), 'utf8').split('\n');
  return lines.findIndex((l) => l.trim() === 'raise error(msg)') + 1;
}

describe.skipIf(!fs.existsSync(CSSUTILS))('methods reached through __getattr__ (cssutils)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('getattr-dispatch-db'), 'd.sqlite');
    expect(errdex(['analyze', CSSUTILS, '--db', db]).code).toBe(0);
  });
  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };

  it.each([
    ["cssutils.css.CSSPageRule().cssText = '@page x y {}'", 'CSSPageRule selectorText: Unexpected IDENT: {'],
    ["cssutils.css.CSSStyleDeclaration().cssText = 'color: red; : blue'", 'CSSStyleDeclaration: Unexpected token, ignoring upto {'],
    ["cssutils.css.Selector('a:::b')", 'Selector: Unexpected CHAR. ['],
  ])('%s: the message alone is the raise in the handler, with the text its caller writes', (code, start) => {
    const r = spawnSync(PY, ['-W', 'ignore', '-c', `import cssutils\n${code}`], { encoding: 'utf8' });
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^xml\.dom\.SyntaxErr: /);
    const out = explain(last.slice('xml.dom.SyntaxErr: '.length));
    const hit = out.hits[0];
    expect(hit.message.startsWith(start)).toBe(true);
    expect(hit.lines).toContain(raiseLine());
    expect(out.records[hit.recordId].filePath).toBe('cssutils/errorhandler.py');
  });
});
