import { describe, expect, it } from 'vitest';
import { repoFromUrl } from '../../src/scan/git.js';

describe('repoFromUrl', () => {
  it('reads hosted remotes and package.json shorthands', () => {
    expect(repoFromUrl('https://github.com/apache/beam.git')).toBe('apache/beam');
    expect(repoFromUrl('git@github.com:apache/beam')).toBe('apache/beam');
    expect(repoFromUrl('git+https://github.com/nodejs/undici.git')).toBe('nodejs/undici');
    expect(repoFromUrl('ssh://git@gitlab.com/group/proj.git/')).toBe('group/proj');
    expect(repoFromUrl('github:sindresorhus/got')).toBe('sindresorhus/got');
    expect(repoFromUrl('nodejs/undici')).toBe('nodejs/undici');
  });

  it('a local path names no repository', () => {
    expect(repoFromUrl('/work/.mirror/nodejs+undici/repo')).toBeNull();
    expect(repoFromUrl('../upstream/repo.git')).toBeNull();
    expect(repoFromUrl('file:///srv/git/app.git')).toBeNull();
    expect(repoFromUrl('C:\\src\\app')).toBeNull();
  });
});
