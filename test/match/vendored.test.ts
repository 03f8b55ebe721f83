// A raise copied into another tree (a vendored library: setuptools/_distutils beside the standard
// library's distutils) is one hit naming the other as its copy (match/groups.ts, decision 0126).
import { describe, expect, it } from 'vitest';
import { sameFolder } from '../../src/match/groups.js';
import { MatchIndex } from '../../src/match/index.js';
import { rankLink } from '../../src/match/rank.js';
import type { MatchRow } from '../../src/core/row.js';
import type { ErrorLink } from '../../src/core/trace.js';
import { hole, isGeneric, lit, normalize, type Template } from '../../src/template/ir.js';

const row = (key: number, repo: string, filePath: string, line: number, symbol: string, template: Template): MatchRow => ({
  key, id: `r${key}`, repo, language: 'python', errorClass: 'ValueError', errorCode: null, filePath, symbol,
  lines: [line], template, generic: isGeneric(template), package: null, entry: 0,
});
const link = (message: string): ErrorLink => ({ errorClass: null, message, errorCode: null, frames: [], language: null, relation: null, inputLine: 1 });
const truth = normalize([lit('invalid truth value '), hole('val')]);
const where = (hits: ReturnType<typeof rankLink>) => hits.map((h) => [`${h.row.repo}:${h.row.filePath}:${h.row.lines[0]}`, h.copies.map((c) => `${c.filePath}:${c.line}`)]);

describe('vendored copies in other trees', () => {
  it('names a raise and its copy in another tree (same file, folder, function and message) as one hit', () => {
    const index = new MatchIndex([
      row(1, 'python3.11', 'distutils/util.py', 321, 'strtobool', truth),
      row(2, 'pypa/setuptools', 'setuptools/_distutils/util.py', 353, 'strtobool', truth),
    ]);
    expect(where(rankLink(index, link("invalid truth value 'perhaps'")))).toEqual([
      ['python3.11:distutils/util.py:321', ['setuptools/_distutils/util.py:353']],
    ]);
  });

  it('a tree that is the folder itself has its files at its top', () => {
    const index = new MatchIndex([
      row(1, 'distutils', 'util.py', 321, 'strtobool', truth),
      row(2, 'pypa/setuptools', 'setuptools/_distutils/util.py', 353, 'strtobool', truth),
    ]);
    expect(rankLink(index, link("invalid truth value 'perhaps'"))).toHaveLength(1);
  });

  it('names another major version\'s copy whose placeholders are named anew (yaml.v2 / yaml.v3)', () => {
    const unmarshal = (line: string) => normalize([lit('line '), hole(line), lit(': cannot unmarshal '), hole('tag'), lit(' into '), hole('Type')]);
    const index = new MatchIndex([
      row(1, 'gopkg.in/yaml.v2', 'decode.go', 265, 'decoder.terror', unmarshal('line')),
      row(2, 'gopkg.in/yaml.v3', 'decode.go', 362, 'decoder.terror', unmarshal('Line')),
    ]);
    const hits = rankLink(index, link('line 1: cannot unmarshal !!str into int'));
    expect(hits).toHaveLength(1);
    expect(hits[0].copies).toHaveLength(1);
  });

  it('keeps apart the same text raised by another function, from a file of another name or folder', () => {
    const index = new MatchIndex([
      row(1, 'a', 'distutils/util.py', 321, 'strtobool', truth),
      row(2, 'b', 'setuptools/_distutils/util.py', 353, 'to_bool', truth),
      row(3, 'c', 'distutils/misc.py', 10, 'strtobool', truth),
      row(4, 'd', 'config/util.py', 10, 'strtobool', truth),
    ]);
    const hits = rankLink(index, link("invalid truth value 'perhaps'"));
    expect(hits).toHaveLength(4);
    expect(hits.every((h) => h.copies.length === 0)).toBe(true);
  });

  it('sameFolder: a leading underscore aside, or one file at its tree top', () => {
    expect(sameFolder('setuptools/_distutils/cmd.py', 'distutils/cmd.py')).toBe(true);
    expect(sameFolder('pip/_vendor/packaging/version.py', 'packaging/version.py')).toBe(true);
    expect(sameFolder('cmd.py', 'setuptools/_distutils/cmd.py')).toBe(true);
    expect(sameFolder('config/cmd.py', 'distutils/cmd.py')).toBe(false);
  });
});
