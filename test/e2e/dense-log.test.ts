// A dense log near the input cap, explained with --json: every entry an error (the evaluation
// corpus's real traces, printed as is, under a log line, inside JSON records, and half of them
// logged as one line). Writing each record into every hit made the output grow with the errors
// times the records: on this log the build before crashed (`RangeError: Invalid string length`
// in JSON.stringify, 1.6 GB RSS). Records are written once now and the text in pieces: the output
// is the links and their hits, plus each record once.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusTraces, mixedLog } from '../../bench/mixed-log.js';
import { MAX_INPUT_BYTES } from '../../src/service/explain.js';
import { errdex, tmpDir, write } from './cli.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const STDLIB = '/usr/lib/python3.11';

/** The standard-library files the Python corpus's errors are raised in. */
function corpusStdlibFiles(): string[] {
  const f = path.join(REPO, 'eval/corpus/python.jsonl');
  if (!fs.existsSync(f)) return [];
  const rels = new Set<string>();
  for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
    const c = JSON.parse(l) as { root: string; site: { rel: string } };
    if (c.root === STDLIB && fs.existsSync(path.join(STDLIB, c.site.rel))) rels.add(c.site.rel);
  }
  return [...rels];
}

const files = corpusStdlibFiles();

describe.skipIf(files.length === 0)('a dense log near the input cap, --json', () => {
  let db: string;
  let log: string;
  let errors: number;
  beforeAll(() => {
    const root = tmpDir('dense-stdlib');
    for (const rel of files) write(root, rel, fs.readFileSync(path.join(STDLIB, rel)));
    db = path.join(tmpDir('dense-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--repo', 'python/cpython']).code).toBe(0);
    // (the Python and Node traces: the counts below assume every entry is a printed trace; a Go or
    // Rust error returned rather than panicking is one plain line, read into the entry before it)
    const made = mixedLog(corpusTraces(REPO, ['python.jsonl', 'npm.jsonl']), { bytes: MAX_INPUT_BYTES - 64 * 1024, seed: 7, errorRate: 1, oneLineRate: 0.5 });
    // (mixedLog stops at the first entry past the size: keep under the cap)
    log = made.text.length > MAX_INPUT_BYTES ? made.text.slice(0, made.text.lastIndexOf('\n', MAX_INPUT_BYTES - 1) + 1) : made.text;
    errors = made.errors;
    expect(Buffer.byteLength(log)).toBeLessThanOrEqual(MAX_INPUT_BYTES);
    expect(Buffer.byteLength(log)).toBeGreaterThan(MAX_INPUT_BYTES * 0.95);
  }, 180_000);

  it('explains it, each record written once, the output bounded', () => {
    const file = write(tmpDir('dense-log'), 'dense.log', log);
    const r = errdex(['explain', '--file', file, '--db', db, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    // (a one-line error right above a trace is read as that trace's introduction: one link for both)
    expect(out.links.length).toBeGreaterThan(errors * 0.8);
    const ids = Object.keys(out.records);
    // every record once: no more of them than the index holds, and each one's text once
    expect(ids.length).toBeLessThanOrEqual(out.indexed);
    for (const id of ids) expect(r.stdout.split(`\n    ${JSON.stringify(id)}: {\n`).length).toBe(2);
    // the output: the links and their hits (a few hundred bytes each), plus the records once
    const recordBytes = ids.reduce((n, id) => n + JSON.stringify(out.records[id], null, 2).length, 0);
    const hits = out.links.reduce((n: number, l: { hits: unknown[] }) => n + l.hits.length, 0) + out.hits.length;
    expect(r.stdout.length).toBeLessThan(recordBytes * 1.5 + hits * 1500 + out.links.length * 1000);
    expect(r.stdout.length).toBeLessThan(256 * 1024 * 1024);
  }, 180_000);
});
