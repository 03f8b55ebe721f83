// A helpful NullPointerException naming a local or parameter (`because "img" is null`) is answered
// with the lines that dereference it first since its declaration (service/first-dereference.ts):
// a tree written here, compiled with -g (as the JDK's own classes are) and run by JDK 17, the
// message it prints explained alone. Without the narrowing the nine lines holding `img.getWidth(`
// were past the cap of lines answered, and none was.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

type Hit = { matchType: string; line: number; record: { filePath: string } };

const method = (name: string, param: string) => [
  `  public static int ${name}(${param} img) {`,
  '    int w = img.getWidth();',
  '    int h = img.getWidth() * 2;',
  '    return w + h + img.getWidth();',
  '  }',
];

let db: string;
let message: string;

beforeAll(() => {
  const root = tmpDir('first-deref');
  db = path.join(tmpDir('first-deref-db'), 'index.sqlite');
  const out = tmpDir('first-deref-classes');
  write(root, 'src/org/pics/Image.java', 'package org.pics;\n\npublic class Image { public int getWidth() { return 1; } }\n');
  write(root, 'src/org/pics/Frame.java', 'package org.pics;\n\npublic class Frame { public int getWidth() { return 2; } }\n');
  write(root, 'src/org/pics/Sizes.java', [
    'package org.pics;',
    '',
    'public final class Sizes {',
    ...method('area', 'Image'),
    ...method('frameArea', 'Frame'),
    ...method('border', 'Image'),
    '  public static void main(String[] args) {',
    '    try { border(null); } catch (NullPointerException e) { System.out.println(e.getMessage()); }',
    '  }',
    '}',
    '',
  ].join('\n'));
  const javac = spawnSync('javac', ['-g', '-d', out, ...['Image', 'Frame', 'Sizes'].map((c) => path.join(root, `src/org/pics/${c}.java`))]);
  expect(javac.status, javac.stderr.toString()).toBe(0);
  message = spawnSync('java', ['-cp', out, 'org.pics.Sizes']).stdout.toString().trim();
  const r = errdex(['analyze', root, '--db', db]);
  expect(r.code, r.stderr).toBe(0);
});

describe('a null local named by a helpful NullPointerException', () => {
  it('is answered with its first dereference in each method declaring it with the type named', () => {
    expect(message).toBe('Cannot invoke "org.pics.Image.getWidth()" because "img" is null');
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect([0, 4], r.stderr).toContain(r.code);
    const hits: Hit[] = explainOutput(r.stdout).hits;
    // (area's and border's first `img.getWidth(`; frameArea's img is a Frame; the later reads ran with img set)
    expect(hits.filter((h) => h.matchType === 'line').map((h) => `${h.record.filePath}:${h.line}`).sort()).toEqual(['src/org/pics/Sizes.java:15', 'src/org/pics/Sizes.java:5']);
  });
});
