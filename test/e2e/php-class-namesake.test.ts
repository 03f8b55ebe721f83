// A base class's message naming the instance's class (`sprintf('Method %s::%s does not exist.',
// static::class, $method)`), written the same in several classes: of the tied records, the one whose
// file is named as the class the message's class is named after (decision 0111). End to end through
// the CLI on Debian's php-illuminate-routing and php-illuminate-view, analyzed into one index.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { uncaught } from './php-run.js';

let dir: string;
let db: string;

beforeAll(() => {
  dir = tmpDir('php-class-namesake');
  db = path.join(dir, 'index.sqlite');
  for (const lib of ['/usr/share/php/Illuminate/View', '/usr/share/php/Illuminate/Routing']) {
    const a = errdex(['analyze', lib, '--db', db]);
    expect(a.code, a.stderr).toBe(0);
  }
});

describe('php tied messages naming a subclass', () => {
  it("puts the base class's raise first when the message names a class named after it", () => {
    // Illuminate\Routing\Controller::__call and Illuminate\View\View::__call both raise
    // `Method %s::%s does not exist.` with static::class; View.php's shorter path ranked it first
    const lib = '/usr/share/php/Illuminate/Routing';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nclass InvoiceController extends Illuminate\\Routing\\Controller {}\n(new InvoiceController)->shwo(12);\n`);
    expect(e.message).toBe('Method InvoiceController::shwo does not exist.');
    const hits = explainOutput(errdex(['explain', '--json', '--db', db, e.message]).stdout).hits;
    expect(hits.map((h: { record: { filePath: string } }) => h.record.filePath).slice(0, 2)).toEqual(['Illuminate/Routing/Controller.php', 'Illuminate/View/View.php']);
    expect([hits[0].line, hits[0].captures.class]).toEqual([e.line, 'InvoiceController']);
    expect(hits[0].score).toBe(hits[1].score);
  });
});
