// The JVM trace parser on traces the JDK 17 runtime printed (test/fixtures/jvm/, from a probe run
// with bad input: javax.swing.text.GapContent, java.net.http's request builder, reflection, a
// try-with-resources whose close fails), and through parseInput as explain reads them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jvmTrace, parseJvmFrame, parseJvmTraces } from '../../src/languages/jvm/trace.js';
import { innermostFrame, parseInput } from '../../src/query/parse.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/jvm', `${name}.txt`), 'utf8');

describe('JVM frames', () => {
  it('read the class, method, file and line; module and class-loader prefixes are dropped', () => {
    expect(parseJvmFrame('\tat java.desktop/javax.swing.text.GapContent.remove(GapContent.java:156)')).toEqual({
      file: 'GapContent.java', line: 156, column: null, func: 'javax.swing.text.GapContent.remove',
    });
    expect(parseJvmFrame('\tat app//org.x.Main.run(Main.kt:3)')?.func).toBe('org.x.Main.run');
    expect(parseJvmFrame('\tat java.base@17.0.2/java.lang.Thread.run(Thread.java:833)')?.func).toBe('java.lang.Thread.run');
    expect(parseJvmFrame('\tat jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)')).toMatchObject({ file: 'Native Method', line: null });
    expect(parseJvmFrame('\tat a.B.c(Unknown Source)')).toMatchObject({ file: 'Unknown Source', line: null });
    expect(parseJvmFrame('    at f (/x.js:1:2)')).toBeNull();
    expect(parseJvmFrame('at this point (we stopped)')).toBeNull();
  });

  it('resolve to the file under its package path; error constructors and native frames to none', () => {
    const f = parseJvmFrame('\tat java.desktop/javax.swing.text.GapContent.remove(GapContent.java:156)')!;
    expect(jvmTrace.indexedFrame(f)).toMatchObject({ file: 'javax/swing/text/GapContent.java', line: 156 });
    expect(jvmTrace.indexedFrame(parseJvmFrame('\tat org.errdex.kit.UnitsKt.parseDuration(Units.kt:9)')!)?.file).toBe('org/errdex/kit/Units.kt');
    expect(jvmTrace.indexedFrame(parseJvmFrame('\tat org.errdex.kit.UnitException.<init>(Errors.kt:8)')!)).toBeNull();
    expect(jvmTrace.indexedFrame(parseJvmFrame('\tat a.B.c(Native Method)')!)).toBeNull();
    expect(jvmTrace.isInternalFile('Native Method')).toBe(true);
    expect(jvmTrace.isInternalFile('GapContent.java')).toBe(false);
  });
});

describe('JVM traces', () => {
  it('an uncaught error: class, message, frames outermost first', () => {
    const [link, ...rest] = parseJvmTraces(fixture('gap'));
    expect(rest).toEqual([]);
    expect(link).toMatchObject({ errorClass: 'javax.swing.text.BadLocationException', message: 'Invalid remove', language: 'java', relation: null, inputLine: 1 });
    expect(link.frames.map((f) => `${f.func}:${f.line}`)).toEqual([
      'org.errdex.probe.Traces.main:20', 'org.errdex.probe.Traces.gap:12', 'javax.swing.text.GapContent.remove:156',
    ]);
  });

  it('Caused by: the deepest cause first, its `... N more` frames taken from the trace around it', () => {
    const links = parseJvmTraces(fixture('wrap'));
    expect(links.map((l) => [l.errorClass, l.message, l.relation])).toEqual([
      ['javax.swing.text.BadLocationException', 'Invalid remove', null],
      ['java.lang.RuntimeException', 'could not edit', 'cause'],
    ]);
    expect(links[0].frames.map((f) => f.line)).toEqual([21, 14, 12, 156]);
  });

  it('Suppressed: an error of its own, before the one that suppressed it', () => {
    const links = parseJvmTraces(fixture('suppressed'));
    expect(links.map((l) => [l.errorClass, l.message, l.relation])).toEqual([
      ['java.lang.IllegalStateException', 'close failed', null],
      ['java.lang.IllegalArgumentException', 'body failed', null],
    ]);
    expect(links[0].frames.map((f) => f.func)).toEqual(['org.errdex.probe.Traces.main', 'org.errdex.probe.Traces$Res.close']);
  });

  it('a header without a message, native frames, a printed trace without the thread header', () => {
    const links = parseJvmTraces(fixture('reflect'));
    expect(links.map((l) => [l.errorClass, l.message])).toEqual([
      ['java.lang.IllegalArgumentException', 'invalid URI scheme ftp'],
      ['java.lang.reflect.InvocationTargetException', ''],
    ]);
    expect(links[1].frames.at(-1)).toMatchObject({ file: 'Native Method' });
    expect(parseJvmTraces(fixture('printed'))[0]).toMatchObject({ errorClass: 'java.lang.IllegalArgumentException', message: 'invalid URI scheme ftp' });
  });

  it('a message of several lines runs to the first frame', () => {
    expect(parseJvmTraces(fixture('multiline'))[0].message).toBe('first line\nsecond line');
  });

  it('is read from a log through parseInput, after other lines and a log prefix', () => {
    const log = `12:00:01 INFO starting\n12:00:02 ERROR main - ${fixture('gap')}\n12:00:03 INFO done\n`;
    const { links } = parseInput(log);
    const jvm = links.filter((l) => l.language === 'java');
    expect(jvm).toHaveLength(1);
    expect(jvm[0].errorClass).toBe('javax.swing.text.BadLocationException');
    expect(innermostFrame(jvm[0])?.line).toBe(156);
    const printed = parseInput(fixture('printed')).links;
    expect(printed.map((l) => l.language)).toEqual(['java']);
  });

  it("a thread's header that is an error's own toString() (no class name): a trace with no class when a frame follows", () => {
    // (BeanShell 2.0b4's EvalError and ParseException print their text and location, not their class)
    const own = 'Exception in thread "main" Sourced file: inline evaluation of: ``foo();\'\' : Command not found: foo() : at Line: 1 : in file: inline evaluation of: ``foo();\'\' : foo ( ) \n\n\tat bsh.Name.invokeLocalMethod(Name.java:953)\n\tat bsh.Name.invokeMethod(Name.java:804)\n';
    const [link] = parseJvmTraces(own);
    expect(link.errorClass).toBeNull();
    expect(link.message).toContain('Command not found: foo()');
    expect(innermostFrame(link)).toMatchObject({ func: 'bsh.Name.invokeLocalMethod', line: 953 });
    expect(parseJvmTraces('Exception in thread "main" Parse error at line 1, column 9.  Encountered: ;\n\tat bsh.Parser.generateParseException(Parser.java:5807)\n')[0]).toMatchObject({ errorClass: null, message: 'Parse error at line 1, column 9.  Encountered: ;' });
    // (no frame after it: no trace; a bare line of text without the thread's header is none either)
    expect(parseJvmTraces('Exception in thread "main" something went wrong\nand nothing else\n')).toEqual([]);
    expect(parseJvmTraces('Something went wrong here\n\tat a.B.c(B.java:3)\n')).toEqual([]);
  });
});
