// A message that is only the user's value, pasted with the class that raised it
// (`zones.errors.UnknownZoneError: 'Mars/Olympus'`): the raise's template is all holes and has
// no word to be found by, so the class the input names brings in the records raising it
// (match/rank.ts considerByClass), below any template that reads the message's words, and only
// for a class raised at few records (CLASS_ROWS).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Hit = any;
const hits = (db: string, text: string): Hit[] => {
  const r = errdex(['explain', '--db', db, '--json', text]);
  expect([0, 4], r.stderr).toContain(r.code);
  return explainOutput(r.stdout).links[0].hits.map((h: Hit) => ({ ...h, at: `${path.basename(h.record.filePath)}:${h.line}` }));
};

describe('a class named in the input reaches the records raising it', () => {
  let db: string;
  beforeAll(() => {
    const dir = tmpDir('class-named');
    db = path.join(dir, 'db.sqlite');
    write(dir, 'zones/errors.py', [
      'class UnknownZoneError(KeyError):',
      '    pass',
      'class BigError(Exception):',
      '    pass',
      '',
    ].join('\n'));
    write(dir, 'zones/lookup.py', [
      'from zones.errors import UnknownZoneError, BigError',
      'ZONES = {}',
      'def zone(name):',
      '    if name not in ZONES:',
      '        raise UnknownZoneError(name)',
      '    return ZONES[name]',
      'def strict_zone(name):',
      "    raise UnknownZoneError('no zone named %s' % name)",
      'def talk(name):',
      "    raise ValueError('cannot read Mars as a zone: %s' % name)",
      '',
    ].join('\n'));
    // a class raised at more records than the lookup takes (one file's raises of one message are one record): its name says little
    for (let i = 0; i < 60; i++) write(dir, `zones/big${i}.py`, `from zones.errors import BigError\ndef big(v):\n    raise BigError(v)\n`);
    write(dir, 'gem/lib/zones.rb', [
      'module Zones',
      '  class InvalidZone < StandardError; end',
      '  def self.check(z)',
      '    raise InvalidZone, z unless z.include?("/")',
      '  end',
      '  def self.other(v)',
      '    raise ArgumentError, v',
      '  end',
      'end',
      '',
    ].join('\n'));
    const r = errdex(['analyze', dir, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('Python: the raise of the class whose message is the value, first', () => {
    const hs = hits(db, "zones.errors.UnknownZoneError: 'Mars/Olympus'");
    expect(hs[0]?.at).toBe('lookup.py:5');
    expect(hs[0].captures).toEqual({ name: "'Mars/Olympus'" });
    expect(hs[0].why.join('; ')).toContain('exception class zones.errors.UnknownZoneError matches');
  });

  it('a template that reads the words of the message ranks above the class alone', () => {
    const hs = hits(db, 'UnknownZoneError: no zone named Mars');
    expect(hs.map((h) => h.at).slice(0, 2)).toEqual(['lookup.py:8', 'lookup.py:5']);
    expect(hs[0].score).toBeGreaterThan(hs[1].score);
  });

  it('Ruby: a class named with its module, without an error suffix', () => {
    const hs = hits(db, 'Zones::InvalidZone: bogus');
    expect(hs[0]?.at).toBe('zones.rb:4');
  });

  it('an unrelated class does not reach them', () => {
    for (const text of ["zones.errors.MissingZoneError: 'Mars/Olympus'", 'Zones::InvalidName: bogus', "'Mars/Olympus'"]) {
      const at = hits(db, text).map((h) => h.at);
      expect(at, text).not.toContain('lookup.py:5');
      expect(at, text).not.toContain('zones.rb:4');
    }
  });

  it('a class raised at more records than the lookup takes is not looked up', () => {
    expect(hits(db, 'zones.errors.BigError: 42')).toEqual([]);
  });
});
