// The Go install layout: module cache paths (with `!`-escaped upper case), vendor/, go.mod.

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { golang } from '../../src/ecosystems/golang/index.js';
import { moduleOf, requiresOf } from '../../src/ecosystems/golang/manifest.js';

describe('golang ecosystem', () => {
  it('names the module of a module-cache path, upper case unescaped', () => {
    expect(golang.packageInPath('/root/go/pkg/mod/github.com/!burnt!sushi/toml@v1.2.0/decode.go')).toEqual({ name: 'github.com/BurntSushi/toml', index: 8 });
    expect(golang.packageInPath('/src/app/vendor/gopkg.in/yaml.v3/decode.go')?.name).toBe('gopkg.in/yaml.v3');
    expect(golang.packageInPath('/src/app/main.go')).toBeNull();
  });

  it('reads go.mod', () => {
    const text = 'module example.com/app\n\ngo 1.19\n\nrequire (\n\tgithub.com/pkg/errors v0.9.1\n\tgopkg.in/yaml.v3 v3.0.1 // indirect\n)\nrequire github.com/x/y v1.0.0\nreplace github.com/x/y => ../../etc\n';
    expect(moduleOf(text)).toBe('example.com/app');
    expect(requiresOf(text)).toEqual([
      { module: 'github.com/pkg/errors', version: 'v0.9.1' }, { module: 'gopkg.in/yaml.v3', version: 'v3.0.1' }, { module: 'github.com/x/y', version: 'v1.0.0' },
    ]);
  });

  it('detects a tree in the module cache and a vendored module, and never follows a go.mod outside the tree', async () => {
    const m = await golang.manifest();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'errdex-go-'));
    const mod = path.join(dir, 'pkg/mod/github.com/!burnt!sushi/toml@v1.2.0');
    mkdirSync(mod, { recursive: true });
    expect(m.detect(mod)).toMatchObject({ name: 'github.com/BurntSushi/toml', version: 'v1.2.0', repo: 'BurntSushi/toml', pathPrefix: '' });
    const app = path.join(dir, 'app');
    mkdirSync(path.join(app, 'vendor/github.com/pkg/errors'), { recursive: true });
    writeFileSync(path.join(app, 'go.mod'), 'module example.com/app\nreplace a => ../../../../etc\n');
    writeFileSync(path.join(app, 'vendor/modules.txt'), '# github.com/pkg/errors v0.9.1\n## explicit\ngithub.com/pkg/errors\n# ../../etc v1.0.0\n');
    expect(m.detect(app)).toMatchObject({ name: 'example.com/app', version: null });
    const problems: { path: string; problem: string }[] = [];
    expect(m.installed(app, problems).map((p) => [p.name, p.version])).toEqual([['github.com/pkg/errors', 'v0.9.1']]);
  });
});
