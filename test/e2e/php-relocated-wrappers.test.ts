// An exception made at another's file and line (`new ViewException($this->getMessage($e), 0, 1,
// $e->getFile(), $e->getLine(), $e)`, ErrorException's `$filename, $line`): PHP reports it at the
// other's raise, so the message that wraps the other's is answered there first, the wrapper next
// (decision 0111). End to end through the CLI on Debian's php-illuminate-view: a Blade template
// including a view that does not exist, rendered by PHP, and the message it printed explained alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir, write } from './cli.js';
import { hitsFor } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-relocated-wrappers');
});

describe('php exceptions made at their cause', () => {
  it("puts the cause's raise before the wrapper that built the message", () => {
    const lib = '/usr/share/php/Illuminate/View';
    const views = path.join(dir, 'views');
    write(views, 'page.blade.php', "<h1>{{ $title }}</h1>\n@include('partials.footer')\n");
    const script = write(dir, 'render.php', `<?php
require '${lib}/autoload.php';
require '/usr/share/php/Illuminate/Events/autoload.php';
use Illuminate\\Filesystem\\Filesystem; use Illuminate\\View\\Compilers\\BladeCompiler;
use Illuminate\\View\\Engines\\{CompilerEngine, EngineResolver}; use Illuminate\\View\\{Factory, FileViewFinder};
@mkdir('${dir}/cache');
$fs = new Filesystem; $blade = new BladeCompiler($fs, '${dir}/cache');
$resolver = new EngineResolver; $resolver->register('blade', fn () => new CompilerEngine($blade, $fs));
$views = new Factory($resolver, new FileViewFinder($fs, ['${views}']), new Illuminate\\Events\\Dispatcher);
echo $views->make('page', ['title' => 'Hi'])->render();
`);
    const r = spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', script], { encoding: 'utf8' });
    // (PHP prints the cause, then `Next` the wrapper, at the cause's file and line)
    const m = /\nNext Illuminate\\View\\ViewException: (.*) in (\/\S+\.php):(\d+)\n/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    const [, message, file, line] = m!;
    expect(message).toBe(`View [partials.footer] not found. (View: ${views}/page.blade.php)`);
    expect(file).toBe(`${lib}/FileViewFinder.php`);
    const hits = hitsFor(dir, lib, message);
    expect(hits.slice(0, 2).map((h: { record: { filePath: string }; line: number }) => [h.record.filePath, h.line])).toEqual([
      ['Illuminate/View/FileViewFinder.php', Number(line)],
      ['Illuminate/View/Engines/CompilerEngine.php', hits[1].line],
    ]);
    expect(hits[0].captures.name).toBe('partials.footer');
    expect(hits[1].message).toBe('{getMessage} (View: {lastCompiled})');
  });
});
