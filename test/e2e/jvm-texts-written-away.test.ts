// Texts written away from the raise (decision 0106), on real code and the messages the JVM printed for
// it (eval/corpus/jvm.jsonl, held-out round 12):
// - OpenJFX's FXMLLoader (Debian's openjfx-source, javafx.fxml read from its src.zip): every load error
//   is made by `constructLoadException(String message)` returning `new LoadException(message +
//   constructFXMLTrace())`, a concatenation with no literal whose sides are a `String` parameter and a
//   `String` method of the file: the callers' texts fill the parameter;
//   and `constructFXMLTrace()` is read as the text its `StringBuilder` is filled with over statements
//   (`new StringBuilder("\n")`, a loop appending: a hole);
// - OpenJFX's `Parent` (javafx.graphics): `constructExceptionMessage(cause, node)` filling a StringBuilder
//   (`"Children: "`, `sb.append(cause)`, `sb.append(": parent = ").append(Parent.this)`, an `if` appending),
//   called with each check's text, run by the JVM with libopenjfx-java's jars;
// - the kit's usage errors (eval/jvm-kit UsageErrors.kt, CommandLine.kt): a base whose `message` calls
//   `formatMessage(DefaultLocalization)`, each class's override the text, written by a localization
//   interface's default methods (`localization.missingOption(name)`, a choice function's branches);
// - the kit's sheets (Sheets.kt): `CellSyntaxException(column = …, reason = "…")`, arguments given by name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const FXML = '/usr/share/openjfx/lib/src.zip/javafx.fxml';
const corpus = jvmCorpus();
let fxDb: string;
let kitDb: string;

beforeAll(() => {
  if (!fs.existsSync('/usr/share/openjfx/lib/src.zip')) throw new Error('openjfx-source is not installed (.ci/run installs it)');
  fxDb = path.join(tmpDir('fx-away-db'), 'index.sqlite');
  expect(errdex(['analyze', FXML, '--db', fxDb]).code).toBe(0);
  const root = tmpDir('kt-usage');
  kitDb = path.join(tmpDir('kt-usage-db'), 'index.sqlite');
  copyKit(root, ['UsageErrors.kt', 'CommandLine.kt', 'Sheets.kt']);
  expect(errdex(['analyze', root, '--db', kitDb]).code).toBe(0);
}, 180_000);

const first = (db: string, text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits[0];

/** The case's message and trace each name its site first, the message by a template. */
function named(db: string, id: string, template: string): void {
  const c = corpus.get(id)!;
  for (const text of [c.message, c.trace]) {
    const h = first(db, text);
    expect(h, `${id}: ${text.slice(0, 60)}`).toBeDefined();
    expect(h.record.filePath.endsWith(c.site.rel), `${id}: ${h.record.filePath}`).toBe(true);
    expect(h.lines, `${id}: ${text.slice(0, 60)}`).toContain(c.site.line);
  }
  const h = first(db, c.message);
  expect(h.matchType, id).toBe('template');
  expect(h.record.errorMessage, id).toBe(template);
}

describe("a helper concatenating the text it is given with a String method's", () => {
  it("gives the helper's raise each caller's text", () => {
    expect(corpus.get('fx-javafx-fxml-04')!.site).toMatchObject({ rel: 'javafx/fxml/FXMLLoader.java', line: 2621 });
    named(fxDb, 'fx-javafx-fxml-01', '{type} is not a valid type.\n{messageBuilder}');
    named(fxDb, 'fx-javafx-fxml-02', 'Value "{source}" does not exist.\n{messageBuilder}');
    named(fxDb, 'fx-javafx-fxml-04', 'No controller specified.\n{messageBuilder}');
    named(fxDb, 'fx-javafx-fxml-05', 'Loading FXML document of version {fxVersion} by JavaFX runtime supporting version 1\n{messageBuilder}');
  });
});

describe('a StringBuilder filled over a text method\'s statements', () => {
  it("gives each caller's text with the builder's start and appends", () => {
    const root = tmpDir('fx-parent');
    const db = path.join(tmpDir('fx-parent-db'), 'index.sqlite');
    const rel = 'javafx/scene/Parent.java';
    const source = spawnSync('unzip', ['-p', '/usr/share/openjfx/lib/src.zip', `javafx.graphics/${rel}`]);
    expect(source.status).toBe(0);
    write(root, rel, source.stdout);
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    // (the message the JVM prints for it: javafx.base and javafx.graphics on the module path)
    const out = tmpDir('fx-parent-classes');
    write(out, 'Add.java', 'public class Add { public static void main(String[] a) { try { new javafx.scene.Group().getChildren().add(null); } catch (NullPointerException e) { System.out.print(e.getMessage()); } } }\n');
    const modules = ['--module-path', '/usr/share/java/javafx-base.jar:/usr/share/java/javafx-graphics.jar', '--add-modules', 'javafx.base,javafx.graphics'];
    const javac = spawnSync('javac', [...modules, '-d', out, path.join(out, 'Add.java')]);
    expect(javac.status, javac.stderr.toString()).toBe(0);
    const message = spawnSync('java', [...modules, '-Djava.awt.headless=true', '-cp', out, 'Add']).stdout.toString();
    expect(message).toMatch(/^Children: child node is null: parent = Group@[0-9a-f]+$/);
    const h = first(db, message);
    expect(h.record.filePath.endsWith(rel)).toBe(true);
    expect(h.matchType).toBe('template');
    expect(h.record.errorMessage).toBe('Children: child node is null: parent = {Parent}{sb}');
  }, 60_000);
});

describe("a base's message written by the function each class overrides", () => {
  it("gives each class the text its override's localization function writes", () => {
    expect(corpus.get('kt-kit-138')!.site.rel).toBe(`${KIT}/CommandLine.kt`);
    named(kitDb, 'kt-kit-134', 'No such option: {arg}');
    named(kitDb, 'kt-kit-135', 'No such option: {arg}. Did you mean {possibilities}?');
    named(kitDb, 'kt-kit-136', 'Invalid value for "{paramName}": invalid choice: {v}. (choose from {joinToString})');
    named(kitDb, 'kt-kit-137', 'option {paramName} requires {arity} values');
    named(kitDb, 'kt-kit-138', 'Missing option "{paramName}"');
  });
});

describe('arguments given by name', () => {
  it('bind the parameters they name, whatever their position', () => {
    named(kitDb, 'kt-kit-141', 'row numbers start at 1 (column {length})');
  });
});
