// What of the JVM pack the conformance cases (src/languages/jvm/cases/) cannot say as annotated
// source: its languages and extensions, the cannotRaise prefilter, the format-string helpers,
// snippets that parse with the grammars, a huge generated file, and the zip reader's caps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { languageByName, loadAnalyzers } from '../../src/languages/registry.js';
import { applyAnchors, applyBraces, applyPercent } from '../../src/languages/jvm/template.js';
import { textBlock, unescape } from '../../src/languages/jvm/strings.js';
import { parseJvm } from '../../src/languages/jvm/grammar.js';
import { listZip, ZipReader } from '../../src/scan/zip.js';
import { hole, lit, renderMessage } from '../../src/template/ir.js';

const analyzers = await loadAnalyzers();
const java = analyzers.language('java')!;

describe('jvm pack contract', () => {
  it('claims .java, .kt and .kts', () => {
    expect(languageByName('java')!.extensions).toEqual(['java']);
    expect(languageByName('kotlin')!.extensions).toEqual(['kt', 'kts']);
  });

  it('cannotRaise only for text with no throw, error class, precondition or logger', () => {
    expect(java.cannotRaise!('package a;\nclass A { int f() { return 1; } }\n', 'A.java')).toBe(true);
    for (const src of ['throw x;', 'new FooException()', 'require(x > 0)', 'log.warn("x")', 'Preconditions.checkArgument(ok)']) {
      expect(java.cannotRaise!(src, 'A.java'), src).toBe(false);
    }
  });
});

describe('format strings', () => {
  const args = [{ template: null, expr: 'name' }, { template: null, expr: 'n' }];
  it('String.format: verbs take the next argument, %n and %% are text, %2$s an argument by index', () => {
    expect(renderMessage(applyPercent([lit('bad %s at %d%n100%%')], args))).toBe('bad {name} at {n}\n100%');
    expect(applyPercent([lit('%2$s/%1$s')], args)).toEqual([hole('n'), lit('/'), hole('name')]);
  });
  it('MessageFormat: {0}, quoted text and doubled quotes', () => {
    expect(renderMessage(applyBraces([lit("Can''t read {0} ('{1}' is literal) {1,number}")], args))).toBe("Can't read {name} ({1} is literal) {n}");
  });
  it('SLF4J: each {} takes the next argument', () => {
    expect(renderMessage(applyAnchors([lit('failed {} of {}')], args))).toBe('failed {name} of {n}');
  });
  it('literals: escapes and text blocks', () => {
    expect(unescape('a\\tb\\u00e9\\101\\$')).toBe('a\tbéA$');
    expect(textBlock('\n    one\n      two\n    ')).toBe('one\n  two\n');
  });
});

describe('snippets', () => {
  it('parse with the languages\' grammars', () => {
    const s = { errorClass: 'IllegalStateException', errorCode: null, message: 'quota exceeded: {n}', symbol: 'Quota.reserve' };
    for (const [name, wrap] of [['java', (b: string) => `class S { void f() { ${b} } }`], ['kotlin', (b: string) => `fun f() { ${b} }`]] as const) {
      const lang = languageByName(name)!;
      for (const code of [lang.catchSnippet(s)!, `val ok = ${lang.typeGuardSnippet(s)}`.replace(/^val ok = (.*)$/, name === 'java' ? 'boolean ok = $1;' : 'val ok = $1')]) {
        const root = parseJvm(name, wrap(code)).root();
        expect(root.find({ rule: { kind: 'ERROR' } }), code).toBeNull();
      }
    }
  });
});

describe('hostile input', () => {
  it('a huge generated file is analyzed whole, one site per throw', () => {
    const n = 20_000;
    const body = Array.from({ length: n }, (_, i) => `  void m${i}(int x) { if (x > ${i}) throw new IllegalStateException("case ${i}: " + x); }`).join('\n');
    const a = java.analyze(`package gen;\nclass Gen {\n${body}\n}\n`, 'Gen.java');
    expect(a.sites).toHaveLength(n);
    expect(a.sites[n - 1]).toMatchObject({ line: n + 2, symbol: `Gen.m${n - 1}` });
  });

  it('the zip reader refuses archives past its entry cap, and names leaving the tree', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-zip-'));
    const file = path.join(dir, 'x.jar');
    fs.writeFileSync(file, zipOf([['a/A.java', 'class A {}'], ['../evil.java', 'x'], ['b/B.java', 'class B {}']]));
    expect(listZip(file, { entries: 2, directory: 1 << 20, total: 1 << 20 })).toEqual({ problem: 'archive lists 3 entries, over the 2-entry limit' });
    const listing = listZip(file);
    if ('problem' in listing) throw new Error(listing.problem);
    expect(listing.entries.map((e) => e.name)).toEqual(['a/A.java', 'b/B.java']);
    expect(listing.problems).toEqual([{ path: '../evil.java', problem: 'archive entry name leaves the tree; not read' }]);
    const reader = new ZipReader(file, { entries: 10, directory: 1 << 20, total: 12 });
    expect(reader.read(listing.entries[0], 1000)).toEqual({ data: Buffer.from('class A {}') });
    expect(reader.read(listing.entries[1], 1000)).toEqual({ problem: 'archive inflates to over 12 bytes; not read' });
  });
});

/** A zip of deflated entries. */
function zipOf(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const n = Buffer.from(name);
    const data = Buffer.from(text);
    const deflated = zlib.deflateRawSync(data);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, deflated);
    centrals.push(central, n);
    offset += local.length + n.length + deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
