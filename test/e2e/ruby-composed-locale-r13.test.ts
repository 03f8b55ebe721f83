// Ruby end to end (held-out round 13, decision 0110): an error whose text a base class composes of
// several locale entries, each keyed around the key its subclass passes. ruby-enum 0.9 (Debian
// ruby-enum): `raise DuplicateKeyError, name: name, key: key`, whose `initialize(attrs)` calls
// `super(compose_message('duplicate_key', attrs))`; `compose_message(key, attributes)` (errors/base.rb)
// sets `@problem = create_problem(key, attributes)` (and a summary and a resolution) and returns
// `"\nProblem:\n  #{@problem}" "\nSummary:\n  #{@summary}" + "\nResolution:\n  #{@resolution}"`;
// `create_problem` hands `"#{key}.message"` to `translate`, which asks `::I18n.translate` for
// `"#{BASE_KEY}.#{key}"`. The texts are entries seven levels deep of config/locales/en.yml, one a
// double-quoted scalar over several lines with YAML's `\_` (a no-break space). The tree is analyzed
// by the CLI; the messages are the real interpreter's. And molinillo 0.6 (Debian ruby-molinillo):
// `"Unknown options: #{options.keys}"`, an Array interpolated, which Ruby prints between brackets.
// CI needs ruby-enum and ruby-molinillo.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { rubyMessage, VENDOR } from './ruby-run.js';

interface Hit { line: number; score: number; record: { filePath: string; errorMessage: string } }

function hits(db: string, message: string): Hit[] {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits;
}

const ENUM = 'class Colors; include Ruby::Enum; define :RED, "red"; ';

describe('ruby: a text composed of locale entries keyed around the caller\'s key (Debian ruby-enum)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-enum-tree');
    cpSync(path.join(VENDOR, 'ruby-enum'), path.join(tree, 'ruby-enum'), { recursive: true });
    cpSync(path.join(VENDOR, 'ruby-enum.rb'), path.join(tree, 'ruby-enum.rb'));
    mkdirSync(path.join(tree, 'config'));
    cpSync(path.join(VENDOR, 'config', 'locales'), path.join(tree, 'config', 'locales'), { recursive: true });
    db = path.join(tmpDir('ruby-enum-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('answers each error by its raise, with the entries of its own key', () => {
    const cases: [string, number, string][] = [
      [`${ENUM}define :RED, "crimson"; end`, 161, '\nProblem:\n  Duplicate key.\nSummary:\n  The constant {name}::{key} has already been defined.\nResolution:\n  The enumerated key is already defined in class {name}%. Please use a different name to declare it.'],
      [`${ENUM}define :CRIMSON, "red"; end`, 167, '\nProblem:\n  Duplicate value found.\nSummary:\n  The value {value} has already been defined in {name}%.\nResolution:\n  The enumerated value {value} is already defined in class {name}%. Please use a different value.'],
    ];
    for (const [code, line, template] of cases) {
      const message = rubyMessage('ruby-enum', code);
      const [hit] = hits(db, message);
      expect(hit.record, message).toMatchObject({ filePath: 'ruby-enum/enum.rb', errorMessage: template });
      expect(hit.line).toBe(line);
    }
  });

  it('reads a double-quoted entry over several lines, its escapes as YAML means them', () => {
    const message = rubyMessage('ruby-enum', `${ENUM}end; Colors::BLUE`);
    expect(message).toContain('\n \u00a0Example:\n \u00a0\u00a0module Colors');
    const [hit] = hits(db, message);
    expect(hit.line).toBe(48);
    expect(hit.record.errorMessage).toContain("Use 'define' to declare it.\n \u00a0Example:\n \u00a0\u00a0module {name}\n");
    expect(hit.score).toBeGreaterThan(0.8);
  });
});

describe('ruby: an Array interpolated shows its brackets (Debian ruby-molinillo)', () => {
  it('answers the message by the raise whose text writes them', () => {
    const tree = tmpDir('ruby-molinillo-tree');
    cpSync(path.join(VENDOR, 'molinillo'), path.join(tree, 'molinillo'), { recursive: true });
    // (another library's text of the same words, its list joined: no brackets)
    cpSync(path.join(VENDOR, 'molinillo.rb'), path.join(tree, 'molinillo.rb'));
    mkdirSync(path.join(tree, 'other'));
    writeFileSync(path.join(tree, 'other', 'inline.rb'), 'def gemfile(opts = {})\n  raise ArgumentError, "Unknown options: #{opts.keys.join(", ")}" unless opts.empty?\nend\n');
    const db = path.join(tmpDir('ruby-molinillo-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const message = rubyMessage('molinillo', 'Molinillo::DependencyGraph.new.to_dot(color: true)');
    expect(message).toBe('Unknown options: [:color]');
    const [hit, next] = hits(db, message);
    expect(hit.record).toMatchObject({ filePath: 'molinillo/dependency_graph.rb', errorMessage: 'Unknown options: [{keys}]' });
    expect(hit.line).toBe(106);
    expect(hit.score).toBeGreaterThan(next.score);
  });
});
