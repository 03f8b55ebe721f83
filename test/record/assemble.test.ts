import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/record/assemble.js';
import { completeRecord } from '../../src/record/complete.js';
import { RecordSchema } from '../../src/record/schema.js';
import type { RawSite } from '../../src/core/site.js';
import { MatchIndex } from '../../src/match/index.js';
import { rankLink } from '../../src/match/rank.js';
import { hole, isGeneric, lit, normalize } from '../../src/template/ir.js';
import { loadAnalyzers } from '../../src/languages/registry.js';

const analyzers = await loadAnalyzers();
const javascript = analyzers.language('javascript')!;

const site = (line: number, message: string): RawSite => ({
  line, column: 1, errorType: 'exception', errorClass: 'JWTInvalid', errorCode: 'ERR_JWT_INVALID', httpStatus: null,
  severity: 'error', template: [lit(message)], args: [], symbol: 'decodeJwt', guards: [],
});

describe('one error code raised with several messages in one file', () => {
  const out = assemble({ repo: 'panva/jose', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' }, [
    { rel: 'decode_jwt.js', language: 'javascript', text: 'x\n'.repeat(20), analysis: { sites: [site(7, 'JWT must be a string'), site(12, 'Invalid JWT')], classes: [] } },
  ], analyzers);

  it('is one record by the id rule, listing the other message as a variant', () => {
    expect(out.records).toHaveLength(1);
    expect(out.records[0].alsoAt).toEqual([12]);
    expect(out.records[0].variants).toEqual([{ line: 12, errorMessage: 'Invalid JWT', messagePattern: 'Invalid JWT' }]);
  });

  it('matches either message', () => {
    const variants = out.templates.get(out.records[0].id)!;
    const index = new MatchIndex(variants.map((v) => ({
      key: 1, id: out.records[0].id, repo: 'panva/jose', language: 'javascript', errorClass: 'JWTInvalid', errorCode: 'ERR_JWT_INVALID',
      filePath: 'decode_jwt.js', symbol: 'decodeJwt', lines: v.lines, template: v.template, generic: isGeneric(v.template), package: null, entry: 0,
    })));
    const link = { errorClass: null, message: 'Invalid JWT', errorCode: null, frames: [], language: null, relation: null, inputLine: 1 };
    const hits = rankLink(index, link);
    expect(hits).toHaveLength(1);
    expect(hits[0].row.lines).toEqual([12]);
    expect(hits[0].matchType).toBe('template');
  });
});

describe('a class that chooses its message by a condition', () => {
  const ix = [lit('Index out of range ('), hole('index')];
  const out = assemble({ repo: 'josdejong/mathjs', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' }, [
    {
      rel: 'array.js', language: 'javascript', text: 'x\n'.repeat(20),
      analysis: {
        sites: [{ ...site(9, ''), errorClass: 'IndexError', errorCode: null, template: [hole('index')], args: [{ name: null, template: [hole('i')], expr: 'i' }, { name: null, template: [hole('n')], expr: 'n' }], symbol: 'validateIndex' }],
        classes: [{
          name: 'IndexError', bases: ['RangeError'], line: 1, params: ['index', 'max'], template: normalize([...ix, lit(')')]),
          branches: [normalize([...ix, lit(' > '), hole('max - 1'), lit(')')])],
        }],
      },
    },
  ], analyzers);

  it('gives the site one record per message, with the call arguments bound', () => {
    expect(out.records.map((r) => r.errorMessage).sort()).toEqual(['Index out of range ({i} > {max})', 'Index out of range ({i})']);
  });
});

describe('records are stored as facts and completed when read', () => {
  const out = assemble({ repo: 'panva/jose', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' }, [
    { rel: 'dist/jose.min.js', language: 'javascript', text: 'x\n'.repeat(20), minified: true, analysis: { sites: [site(7, 'JWT must be a string')], classes: [] } },
  ], analyzers);
  const stored = out.records[0];

  it('stores no derived prose, only the tags the file gives', () => {
    expect(stored).not.toHaveProperty('documentation');
    expect(stored).not.toHaveProperty('provenance');
    expect(stored.tags).toEqual(['minified']);
  });

  it('reads back as a full record that validates, with the derivation and its provenance', () => {
    const full = completeRecord(JSON.parse(JSON.stringify(stored)));
    expect(RecordSchema.safeParse(full).success).toBe(true);
    expect(full.documentation).toBe('`decodeJwt` raises `JWTInvalid` "JWT must be a string" (dist/jose.min.js:7).');
    expect(full.tags).toEqual(['javascript', 'jose', 'jwtinvalid', 'exception', 'minified']);
    expect(full.provenance).toMatchObject({ documentation: 'derived', errorMessage: 'source' });
    // complete already (an older index, or a model's enrichment): kept as stored
    const enriched = { ...full, documentation: 'written by a model', provenance: { ...full.provenance, documentation: 'model:x' } };
    expect(completeRecord(enriched)).toEqual(enriched);
  });
});

describe('a message with an optional part', () => {
  it('gives a record with and one without it, each composed by the error class', () => {
    const text = `class ParseError extends Error {
  constructor(detail) { super('parse error: ' + detail); }
}
function parse(s, file) {
  throw new ParseError('unexpected token' + (file ? ' in ' + file : '') + ' at ' + s.pos);
}
`;
    const analysis = javascript.analyze(text, 'lib/parse.js');
    const out = assemble({ repo: 'x/p', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' },
      [{ rel: 'lib/parse.js', language: 'javascript', text, analysis }], analyzers);
    expect(out.records.map((r) => [r.errorMessage, r.lineNumber])).toEqual([
      ['parse error: unexpected token in {file} at {pos}', 5],
      ['parse error: unexpected token at {pos}', 5],
    ]);
  });
});
