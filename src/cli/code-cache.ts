// V8's code cache for the bundle's chunks (decision 0034). Node 20 compiles every module from its
// source on every start, and has no compile cache of its own (module.enableCompileCache is Node
// 22's). The bundle is CommonJS, so its chunks can be compiled as vm.Scripts given the bytecode a
// build's runs of the CLI left beside each chunk: `errdex explain` of a trace then spends ~15 ms
// less CPU of its ~44 ms over Node's own start (measured, decision 0034).
//
// V8 checks a cache only against the source's length and its own version and flags: the cache of
// another source of the same length (a chunk edited in place) would be run as it is. So each cache
// file holds the source it was made from before V8's data, and is used only for that very source.
// (Compared as text, not by a hash: node:crypto alone costs ~2.5 ms to load, a tenth of the gain.)

import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** A chunk's cache file: beside it. */
export const cacheFile = (chunk: string): string => `${chunk}.v8-cache`;

/** The cache of `chunk` if it was made from this source: [source's byte length, u32 LE][source][V8's data]. */
function readCache(chunk: string, source: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(cacheFile(chunk));
  } catch {
    return undefined;
  }
  if (bytes.length < 4) return undefined;
  const end = 4 + bytes.readUInt32LE(0);
  return bytes.length > end && bytes.toString('utf8', 4, end) === source ? bytes.subarray(end) : undefined;
}

function cacheBytes(source: string, data: Buffer): Buffer {
  const text = Buffer.from(source);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(text.length);
  return Buffer.concat([length, text, data]);
}

type Compile = (this: Module, content: string, filename: string) => unknown;

/**
 * Compiles the CommonJS files of directory `dir` (the bundle's chunks) with their caches. With
 * `write` (the build's runs), each chunk's cache is written at exit instead: made then, it holds
 * the functions the run compiled, not only the top level.
 */
export function useCodeCache(dir: string, write: boolean): void {
  const proto = Module.prototype as unknown as { _compile: Compile };
  const compile = proto._compile;
  const made: { chunk: string; source: string; script: vm.Script }[] = [];
  proto._compile = function (this: Module, content: string, filename: string) {
    if (path.dirname(filename) !== dir) return compile.call(this, content, filename);
    // (a shebang line is the entry's alone, and no script's syntax: Node's loader drops it too)
    const source = content.startsWith('#!') ? `//${content}` : content;
    const script = new vm.Script(Module.wrap(source), {
      filename,
      cachedData: write ? undefined : readCache(filename, source),
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (write) made.push({ chunk: filename, source, script });
    const wrapper = script.runInThisContext() as (exports: unknown, require: (id: string) => unknown, module: Module, filename: string, dirname: string) => unknown;
    return wrapper.call(this.exports, this.exports, (id: string) => this.require(id), this, filename, dir);
  };
  if (write) {
    process.on('exit', () => {
      for (const { chunk, source, script } of made) {
        fs.writeFileSync(cacheFile(chunk), cacheBytes(source, script.createCachedData()));
      }
    });
  }
}
