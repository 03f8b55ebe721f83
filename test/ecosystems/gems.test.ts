// The gems install layout: gem directories and Debian's vendor_ruby named from their paths, and
// Bundler's vendor/bundle read without leaving the project.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gems } from '../../src/ecosystems/gems/index.js';
import { packageInPath } from '../../src/ecosystems/registry.js';

describe('gems', () => {
  it('names the gem a frame path runs in', () => {
    expect(packageInPath('/usr/lib/ruby/gems/3.1.0/gems/rexml-3.2.5/lib/rexml/document.rb')).toBe('rexml');
    expect(packageInPath('/app/vendor/bundle/ruby/3.3.0/gems/dry-types-1.7.2/lib/dry/types.rb')).toBe('dry-types');
    expect(packageInPath('/usr/lib/ruby/vendor_ruby/thor/parser.rb')).toBe('thor');
    expect(packageInPath('/usr/lib/ruby/vendor_ruby/highline.rb')).toBe('highline');
    expect(packageInPath('/usr/lib/ruby/3.1.0/date.rb')).toBeNull();
  });

  it('detects a gem directory and vendor_ruby trees', async () => {
    const m = await gems.manifest();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gems-'));
    const gem = path.join(tmp, 'gems', 'semantic_range-3.0.0');
    fs.mkdirSync(path.join(gem, 'lib'), { recursive: true });
    expect(m.detect(gem)).toMatchObject({ name: 'semantic_range', version: '3.0.0', pathPrefix: '' });
    expect(m.detect(path.join(gem, 'lib'))).toMatchObject({ name: 'semantic_range', pathPrefix: 'lib/' });
    const vendor = path.join(tmp, 'vendor_ruby', 'mustache');
    fs.mkdirSync(vendor, { recursive: true });
    expect(m.detect(vendor)).toMatchObject({ name: 'mustache', pathPrefix: 'mustache/' });
    expect(m.detect(path.join(tmp, 'other'))).toBeNull();
  });

  it("reads a project's vendor/bundle and does not follow a gem linked out of it", async () => {
    const m = await gems.manifest();
    const project = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-')));
    const dir = path.join(project, 'vendor', 'bundle', 'ruby', '3.1.0', 'gems');
    fs.mkdirSync(path.join(dir, 'thor-1.2.1', 'lib'), { recursive: true });
    fs.mkdirSync(path.join(dir, '..-1.0'), { recursive: true });
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    fs.symlinkSync(outside, path.join(dir, 'evil-1.0.0'));
    const problems: { path: string; problem: string }[] = [];
    const found = m.installed(project, problems);
    expect(found.map((p) => `${p.name}@${p.version}`)).toEqual(['thor@1.2.1']);
    expect(problems.map((p) => p.problem)).toEqual(['symlinked gem points outside the install directory; not read']);
    expect(m.installedAt(path.join(dir, 'thor-1.2.1', 'lib'), project)).toMatchObject({ name: 'thor', version: '1.2.1' });
  });
});
