import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { npm } from '../../src/ecosystems/npm/index.js';

const manifest = await npm.manifest();
const detectPackage = (root: string) => manifest.detect(root);
const loadedFrom = (root: string, declared: string[]) => manifest.loadedFrom!(root, declared, new Map());

function pkg(json: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-pkg-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(json));
  return dir;
}

describe('npm entry points', () => {
  it('follows Node: exports over main, conditions in the object order, require before import', () => {
    // fflate's shape: `main` names a copy that `require('fflate')` never loads in Node.
    const dir = pkg({
      name: 'zz', main: './lib/index.cjs', module: './esm/browser.js',
      exports: {
        '.': {
          node: { import: { types: './esm/index.d.mts', default: './esm/index.mjs' }, require: { types: './lib/node.d.cts', default: './lib/node.cjs' } },
          import: './esm/browser.js', require: './lib/browser.cjs',
        },
        './package.json': './package.json',
      },
    });
    expect(detectPackage(dir)!.entryDirs).toEqual(['lib/node.cjs', 'lib/', 'esm/index.mjs', 'esm/', 'lib/index.cjs', 'esm/browser.js']);
  });

  it('takes a string export, conditions at the top level, and main alone', () => {
    expect(detectPackage(pkg({ name: 'a', exports: './dist/a.js' }))!.entryDirs).toEqual(['dist/a.js', 'dist/']);
    expect(detectPackage(pkg({ name: 'b', exports: { import: './b.mjs', default: './b.cjs' } }))!.entryDirs).toEqual(['b.cjs', 'b.mjs']);
    expect(detectPackage(pkg({ name: 'c', main: 'lib/c.js', module: 'es/c.js' }))!.entryDirs).toEqual(['lib/c.js', 'lib/', 'es/c.js', 'es/']);
  });

  it('the files the entry points load, nearest first, as Node would resolve them', () => {
    const dir = pkg({ name: 'fjp', main: 'index.js', module: 'index.mjs' });
    const w = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    w('index.js', 'var core = require("./commonjs/core.js");\nvar d = require( "./commonjs/duplex" );\nrequire("fs");');
    w('index.mjs', "export * from './module/core.mjs';");
    w('commonjs/core.js', 'var h = require("./helpers.js"); require("../index.js");');
    w('commonjs/duplex.js', '');
    w('commonjs/helpers.js', 'require("./missing.js");');
    w('module/core.mjs', "import { x } from './helpers.mjs';");
    w('module/helpers.mjs', '');
    const entries = () => {
      const declared = detectPackage(dir)!.entryDirs;
      return [...declared, ...loadedFrom(dir, declared)];
    };
    expect(entries()).toEqual([
      'index.js', 'index.mjs',
      { file: 'commonjs/core.js', from: 0 }, { file: 'commonjs/duplex.js', from: 0 }, { file: 'module/core.mjs', from: 1 },
      { file: 'commonjs/helpers.js', from: 0 }, { file: 'module/helpers.mjs', from: 1 },
    ]);
    // `"main": "index"` is index.js.
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'fjp', main: 'index' }));
    expect(entries().slice(0, 2)).toEqual(['index.js', { file: 'commonjs/core.js', from: 0 }]);
  });
});
