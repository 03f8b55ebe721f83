// The runtimes of this machine, run on probes (code that raises): each gives what it raised, its
// class and message, or null. Used by the tests of the packs' catalogues of runtime messages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Printed {
  errorClass: string;
  message: string;
}

/** Runs each probe in one process of the runtime; each gives what it raised, or null. */
export type Runner = (probes: string[]) => (Printed | null)[];

const run = (cmd: string, args: string[], input: string): string => {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr}`);
  return r.stdout;
};

/** `probe(fn)` is given to probes whose error is raised elsewhere than at top level (a thread). */
const PYTHON_HARNESS = `
import json, sys
caught = []
def probe(fn):
    try:
        fn()
    except BaseException as e:
        caught.append(e)
def name(e):
    t = type(e)
    return t.__qualname__ if t.__module__ == 'builtins' else t.__module__ + '.' + t.__qualname__
out = []
for code in json.load(sys.stdin):
    caught.clear()
    try:
        exec(code, {'probe': probe})
    except BaseException as e:
        caught.append(e)
    out.append({'errorClass': name(caught[0]), 'message': str(caught[0])} if caught else None)
print(json.dumps(out))
`;

export const python: Runner = (probes) => JSON.parse(run('python3', ['-c', PYTHON_HARNESS], JSON.stringify(probes)));

const RUBY_HARNESS = `
require 'json'
out = JSON.parse(STDIN.read).map do |code|
  begin
    eval(code, TOPLEVEL_BINDING.dup)
    nil
  rescue Exception => e
    { 'errorClass' => e.class.name, 'message' => e.message }
  end
end
puts JSON.generate(out)
`;

export const ruby: Runner = (probes) => JSON.parse(run('ruby', ['-e', RUBY_HARNESS], JSON.stringify(probes)));

const NODE_HARNESS = `
const probes = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = probes.map((code) => {
  try {
    new Function(code)();
    return null;
  } catch (e) {
    return { errorClass: e.constructor.name, message: e.message };
  }
});
process.stdout.write(JSON.stringify(out));
`;

export const node: Runner = (probes) => JSON.parse(run(process.execPath, ['-e', NODE_HARNESS], JSON.stringify(probes)));


/** Warnings are thrown as ErrorException, as frameworks do, so a probe's warning is read as its error. */
const PHP_HARNESS = `<?php
set_error_handler(function ($no, $str) { throw new ErrorException($str, 0, $no); });
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $code) {
  try { eval($code); $out[] = null; }
  catch (Throwable $e) { $out[] = ['errorClass' => get_class($e), 'message' => $e->getMessage()]; }
}
echo json_encode($out);
`;

export const php: Runner = (probes) => JSON.parse(run('php', ['-r', PHP_HARNESS.slice('<?php\n'.length)], JSON.stringify(probes)));

/** A scratch directory for a compiled runtime's one program of probes. */
const scratch = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Go: every probe is a function's body in one program; a recovered runtime.Error is its error. */
export const go: Runner = (probes) => {
  const dir = scratch('errdex-go-probes-');
  const fns = probes.map((p, i) => `func probe${i}() (out *printed) {
\tdefer func() {
\t\tif r := recover(); r != nil {
\t\t\tclass := fmt.Sprintf("%T", r)
\t\t\tif _, ok := r.(runtime.Error); ok {
\t\t\t\tclass = "runtime.Error"
\t\t\t}
\t\t\tout = &printed{class, fmt.Sprint(r)}
\t\t}
\t}()
\t${p}
\treturn nil
}`);
  const src = `package main

import (
\t"encoding/json"
\t"fmt"
\t"os"
\t"runtime"
)

type printed struct {
\tErrorClass string \`json:"errorClass"\`
\tMessage    string \`json:"message"\`
}

${fns.join('\n\n')}

func main() {
\tout := []*printed{${probes.map((_, i) => `probe${i}()`).join(', ')}}
\tjson.NewEncoder(os.Stdout).Encode(out)
}
`;
  fs.writeFileSync(path.join(dir, 'main.go'), src);
  try {
    return JSON.parse(run('go', ['run', path.join(dir, 'main.go')], ''));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/** Java: every probe is a block in one source-file program (`java Probes.java`); the class is the exception's. */
export const java: Runner = (probes) => {
  const dir = scratch('errdex-java-probes-');
  const blocks = probes.map((p) => `    () -> { ${p} }`);
  const src = `public class Probes {
  interface Probe { void run() throws Exception; }
  public static void main(String[] args) {
    Probe[] probes = {
${blocks.join(',\n')}
    };
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < probes.length; i++) {
      if (i > 0) out.append(',');
      try { probes[i].run(); out.append("null"); }
      catch (Throwable e) { out.append("{\\"errorClass\\":").append(json(e.getClass().getName())).append(",\\"message\\":").append(json(String.valueOf(e.getMessage()))).append('}'); }
    }
    System.out.println(out.append(']'));
  }
  static String json(String s) {
    StringBuilder b = new StringBuilder("\\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\\\') b.append('\\\\').append(c);
      else if (c < 0x20) b.append(String.format("\\\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
`;
  fs.writeFileSync(path.join(dir, 'Probes.java'), src);
  try {
    return JSON.parse(run('java', [path.join(dir, 'Probes.java')], ''));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
