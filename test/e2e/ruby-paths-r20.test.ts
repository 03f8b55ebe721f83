// Ruby end to end (held-out round 20, decision 0152), on Debian's ruby-solve, ruby-semverse and
// ruby-molinillo copied into one tree and analyzed by the CLI; the messages are the real
// interpreter's. solve 4.0's `constraint.rb` raises `Errors::InvalidConstraintFormat` in `module
// Solve`, a class Solve::Errors does not define: it is not semverse's `Semverse::InvalidConstraintFormat`
// (a class named by a path is looked up by its namespace, not its last name only), so semverse's
// raise stands alone for that text. molinillo's `raise error || VersionConflict.new(conflicts,
// specification_provider)` raises the class made on the right of `||` when no earlier error was
// found: the record carries that class's text. CI needs ruby-solve (with ruby-semverse and
// ruby-molinillo).
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir } from './cli.js';
import { explainHits, rubyRaised, VENDOR } from './ruby-run.js';

describe('ruby: a class named by a path, and `raise a || X.new(…)` (Debian ruby-solve, ruby-semverse, ruby-molinillo)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-solve-tree');
    for (const name of ['solve', 'solve.rb', 'semverse', 'semverse.rb', 'molinillo', 'molinillo.rb']) cpSync(path.join(VENDOR, name), path.join(tree, name), { recursive: true });
    db = path.join(tmpDir('ruby-solve-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('answers semverse\'s raise alone, not tied with a path in another namespace naming a class of the same last name', () => {
    const msg = rubyRaised('require "semverse"; Semverse::Constraint.new("=> 1.0")');
    expect(msg).toBe('\'=> 1.0\' did not contain a valid operator or a valid version string.');
    const hits = explainHits(msg, db);
    expect(hits[0].record.filePath).toBe('semverse/constraint.rb');
    expect(hits[0].line).toBe(80);
    const other = hits.find((h) => h.record.filePath === 'solve/constraint.rb');
    expect(other === undefined || other.score < hits[0].score).toBe(true);
  });

  it('answers the resolver\'s conflict at `raise error || VersionConflict.new(…)`, with the class\'s text', () => {
    const msg = rubyRaised('require "solve"; g = Solve::Graph.new; g.artifact("nginx", "1.0.0").depends("openssl", "~> 3.0"); '
      + 'g.artifact("openssl", "1.0.0"); Solve.engine = :ruby; begin; Solve.it!(g, [["nginx", "1.0.0"]]); rescue => e; raise e.cause; end');
    expect(msg).toBe('Unable to satisfy the following requirements:\n\n- `openssl (~> 3.0)` required by `nginx-1.0.0`');
    const [hit] = explainHits(msg, db);
    expect(hit.record.filePath).toBe('molinillo/resolution.rb');
    expect(hit.line).toBe(328);
    expect(hit.record.errorClass).toBe('VersionConflict');
  });
});
