// Python messages whose raise names no class: the class comes out of a loop over the module's
// classes (oauthlib's `raise_from_error`), or the error is built into a local name and handed to a
// handler that raises it (xml.sax's `exc = SAXParseException(…)` / `self._err_handler.fatalError(exc)`,
// whose `__str__` says `<unknown>` for a document without an id). Each message is made by running the
// real installed code (/usr/bin/python3) on bad input, and explain finds the raise from the message alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const OAUTHLIB = '/usr/lib/python3/dist-packages/oauthlib';
const XML = '/usr/lib/python3.11/xml';

/** What `str(e)` is when the code raises (the code prints it). */
function message(code: string): string {
  const r = spawnSync(PY, ['-c', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout.replace(/\n$/, '');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Hit = any;
const first = (db: string, text: string): Hit => {
  const r = errdex(['explain', '--db', db, '--json', text]);
  const out = explainOutput(r.stdout);
  const h = out.links[0].hits[0];
  return h ? { ...h, record: out.records[h.recordId] } : null;
};

describe.runIf(fs.existsSync(OAUTHLIB))('classes a loop over the module raises', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('raised-by-value'), 'db.sqlite');
    const r = errdex(['analyze', OAUTHLIB, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it("oauthlib's raise_from_error: the class whose `error` is the code, with its message", () => {
    for (const [code, cls] of [['access_denied', 'AccessDeniedError'], ['invalid_scope', 'InvalidScopeError']]) {
      const text = message([
        'from oauthlib.oauth2.rfc6749.errors import raise_from_error',
        'try:',
        `    raise_from_error('${code}', {})`,
        'except Exception as e:',
        '    print(type(e).__name__ + "|" + str(e))',
      ].join('\n'));
      expect(text).toBe(`${cls}|(${code}) `);
      const h = first(db, text.slice(cls.length + 1));
      expect(h.record.filePath).toBe('oauthlib/oauth2/rfc6749/errors.py');
      expect(h.record.symbol).toBe('raise_from_error');
      expect(h.record.errorClass).toBe(cls);
      expect(h.matchType).toBe('template');
    }
  });
});

describe.runIf(fs.existsSync(XML))('errors handed to a function that raises them', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('handed'), 'db.sqlite');
    const r = errdex(['analyze', XML, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it("xml.sax's parse errors: the handler's raise, with the message SAXParseException's __str__ makes", () => {
    for (const doc of ['<config><port>8080</config>', '<a x="1" x="2"/>', '<a>\n<b>&nope;</b></a>']) {
      const text = message([
        'import xml.sax',
        'try:',
        `    xml.sax.parseString(${JSON.stringify(doc)}.encode(), xml.sax.ContentHandler())`,
        'except xml.sax.SAXParseException as e:',
        '    print(e)',
      ].join('\n'));
      expect(text).toMatch(/^<unknown>:\d+:\d+: [a-z]/);
      const h = first(db, text);
      expect(`${h.record.filePath}:${h.record.lineNumber}`).toBe('sax/handler.py:38');
      expect(h.record.errorClass).toBe('SAXParseException');
      expect(h.record.definedAt.filePath).toBe('sax/expatreader.py');
    }
  });
});
