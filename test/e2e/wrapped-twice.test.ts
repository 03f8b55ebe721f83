// A message decorated twice, end to end on Debian's genshi: expat's native `mismatched tag` becomes
// ParseError's `{msg}: line {lineno}, column {offset}` (genshi/input.py), which the template's
// `raise TemplateSyntaxError(e.msg, …)` decorates again as `{msg} ({filepath}, line {lineno})`
// (genshi/template/base.py, the raise the traceback ends on). ParseError's template read over the
// whole message takes the outer suffix into its last hole; read inside the outer wrapper's hole it
// is exact, and as it writes no more of the text than the wrapper (a decoration around native
// text), the outer raise comes first. A class that writes the suffix itself (BadDirectiveError)
// keeps its whole reading.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const GENSHI = '/usr/lib/python3/dist-packages/genshi';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Hit = any;

describe.skipIf(!fs.existsSync(GENSHI))('a message decorated twice (genshi)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('twice-db'), 'i.sqlite');
    expect(errdex(['analyze', GENSHI, '--db', db]).code).toBe(0);
  }, 60_000);

  const message = (template: string) => {
    const r = spawnSync(PY, ['-c', `from genshi.template import MarkupTemplate\nMarkupTemplate(${JSON.stringify(template)})`], { encoding: 'utf8' });
    return r.stderr.trim().split('\n').at(-1)!.replace(/^[\w.]+: /, '');
  };
  const explain = (text: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input: text });
    const out = explainOutput(r.stdout);
    return { out, hits: out.hits as Hit[], file: (h: Hit) => out.records[h.recordId].filePath as string };
  };

  it('the outer raise first; the inner decoration read inside its hole, below it', () => {
    const text = message('<div><p>unclosed</div>');
    expect(text).toBe('mismatched tag: line 1, column 18 (<string>, line 1)');
    const { hits, file } = explain(text);
    expect(file(hits[0])).toBe('genshi/template/base.py');
    expect(hits[0].message).toBe('{msg} ({filepath}, line {lineno})');
    const parse = hits.find((h) => file(h) === 'genshi/input.py');
    expect(parse, JSON.stringify(hits.map((h) => `${file(h)}:${h.line}`))).toBeDefined();
    expect(parse.message).toBe('{msg}: line {lineno}, column {offset}');
    expect(parse.inner).toBe('mismatched tag: line 1, column 18');
    expect(parse.captures.offset).toBe('18');
    expect(parse.wrappedBy.map((w: Hit) => w.line)).toEqual([hits[0].line]);
    expect(parse.score).toBeLessThan(hits[0].score);
  });

  it('a class whose own template holds the suffix keeps its reading of the whole message', () => {
    const text = message('<p xmlns:py="http://genshi.edgewall.org/" py:iff="ok">x</p>');
    expect(text).toBe('bad directive "iff" (<string>, line 1)');
    const { hits, file } = explain(text);
    // (the markup parser's raise, which passes the place: text.py's `BadDirectiveError(command)` passes
    // none, so its record is the bare form, which a handler's `{msg} ({filepath}, line {lineno})` may
    // wrap; the handler catches ParseError, which matching does not know BadDirectiveError is not)
    const own = hits.find((h) => file(h) === 'genshi/template/markup.py');
    expect(own, JSON.stringify(hits.map((h) => `${file(h)}:${h.line}`))).toBeDefined();
    expect(own.message).toMatch(/^bad directive "\{\w+\}" \(\{\w+\}, line \{\w+\}\)$/);
    expect(own.wrappedBy ?? null).toBeNull();
    expect(hits.indexOf(own)).toBeLessThan(2);
  });
});
