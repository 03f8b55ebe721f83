// Messages assembled in a text-building object and messages written over several lines, end to end
// on Debian's hamcrest and strictyaml.
// - hamcrest's `_assert_match` builds its failure in `description = StringDescription()` with
//   `description.append_text(reason).append_text("\nExpected: ")…`, hands it to
//   `matcher.describe_mismatch(actual, description)`, and raises `AssertionError(description)`; the
//   printed message starts and ends with a line break (the reason is empty), which the pasted text
//   loses.
// - strictyaml's `DuplicateKeysDisallowed("While parsing", start_mark, "Duplicate key '{0}' found".format(key), end_mark)`
//   prints each mark over several lines; its template's trailing hole takes them all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const DIST = '/usr/lib/python3/dist-packages';

/** The printed message of the last exception of a snippet (`str(exc)`), from a hook, as a user would paste it. */
function messageOf(code: string): string {
  const hook = "import sys\ndef h(t, v, tb): sys.stdout.write(str(v))\nsys.excepthook = h\n";
  return spawnSync(PY, ['-c', hook + code], { encoding: 'utf8' }).stdout;
}

const lineOf = (file: string, text: string): number => fs.readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

describe.skipIf(!fs.existsSync(`${DIST}/hamcrest`) || !fs.existsSync(`${DIST}/strictyaml`))('text-building objects and messages of several lines', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('text-objects-db'), 'i.sqlite');
    expect(errdex(['analyze', `${DIST}/hamcrest`, '--db', db]).code).toBe(0);
    expect(errdex(['analyze', `${DIST}/strictyaml`, '--db', db]).code).toBe(0);
  });
  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };

  it.each([
    "from hamcrest import assert_that, equal_to\nassert_that({'retries': 3}, equal_to({'retries': 5}))",
    "from hamcrest import assert_that, has_length\nassert_that(['a', 'b'], has_length(3))",
  ])('%j: the message is what the description object was given, at `raise AssertionError(description)`', (code) => {
    const message = messageOf(code);
    expect(message).toMatch(/^\nExpected: .*\n {5}but: .*\n$/s);
    const out = explain(message.trim());
    const hit = out.hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.message).toBe('{reason}\nExpected: {matcher}\n     but: {describe_mismatch}\n');
    expect(hit.lines).toEqual([lineOf(`${DIST}/hamcrest/core/assert_that.py`, 'raise AssertionError(description)')]);
  });

  it("a duplicate key's message, marks and all, is the raise that writes its frame", () => {
    const message = messageOf("from strictyaml import load\nload('port: 80\\nport: 81\\n')");
    expect(message).toMatch(/^While parsing\n[^]*\nDuplicate key 'port' found\n[^]*\^ \(line: 2\)$/);
    const out = explain(message);
    const hit = out.hits[0];
    expect(hit.matchType).toBe('template');
    expect(out.records[hit.recordId].filePath).toBe('strictyaml/parser.py');
    expect(hit.lines).toContain(lineOf(`${DIST}/strictyaml/parser.py`, 'raise exceptions.DuplicateKeysDisallowed('));
  });
});
