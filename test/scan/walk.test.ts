import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkTree } from '../../src/scan/walk.js';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-walk-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const listed = (root: string, includeTests = false) =>
  walkTree(root, { includeTests, maxFileSize: 1 << 20 }).files.map((f) => f.rel).sort();

describe('walk: directories named like docs', () => {
  it('walks a Go package named doc (go/doc, cmd/doc) and still skips documentation directories', () => {
    const root = tree({
      'go/doc/reader.go': 'package doc\n',
      'cmd/doc/main.go': 'package main\n',
      'go/doc/doc_test.go': 'package doc\n',
      'docs/conf.py': 'x = 1\n',
      'docs/site.js': 'module.exports = 1;\n',
      'pkg/docs/examples_test.go': 'package docs\n',
      'lib/tool.py': 'y = 2\n',
    });
    expect(listed(root)).toEqual(['cmd/doc/main.go', 'go/doc/reader.go', 'lib/tool.py']);
    expect(listed(root, true)).toContain('docs/conf.py');
  });
});

describe('walk: a gem namespace named like tests', () => {
  it('walks lib/test/ of a gem (test-unit\'s Test::Unit) and skips the gem\'s own test/', () => {
    const root = tree({
      'lib/test/unit.rb': 'module Test; module Unit; end; end\n',
      'lib/test/unit/assertions.rb': 'module Test; end\n',
      'lib/test-unit.rb': "require 'test/unit'\n",
      'test/helper.rb': 'x = 1\n',
      'lib/mylib/spec/data.txt': 'not code\n',
    });
    expect(listed(root)).toEqual(['lib/test-unit.rb', 'lib/test/unit.rb', 'lib/test/unit/assertions.rb']);
  });
});
