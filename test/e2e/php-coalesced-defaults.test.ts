// A class keeping a text for an empty argument (`parent::__construct($message ?? 'This action is
// unauthorized.', …)`) raised with a value errdex cannot read (`new AuthorizationException($this->message(),
// …)`, the message a denied response holds, null unless one was given): the raise may give the class's
// text too (decision 0117). End to end through the CLI on Debian's php-illuminate-auth: a gate denying an
// ability, run by PHP, and the message it printed explained alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;
const lib = '/usr/share/php/Illuminate/Auth';

beforeAll(() => {
  dir = tmpDir('php-coalesced-defaults');
});

describe('php messages kept for an empty argument', () => {
  it("answers the class's fallback text at a raise passing an unknown value", () => {
    const { message, file, line } = uncaught(dir, `<?php
require '${lib}/autoload.php';
use Illuminate\\Auth\\Access\\Gate; use Illuminate\\Container\\Container;
$gate = new Gate(new Container, fn () => new Illuminate\\Auth\\GenericUser(['id' => 7]));
$gate->define('edit-post', fn ($user, $authorId) => $user->id === $authorId);
$gate->authorize('edit-post', [3]);
`);
    expect(message).toBe('This action is unauthorized.');
    expect(file).toBe(`${lib}/Access/Response.php`);
    const hits = hitsFor(dir, lib, message);
    expect(hits.length).toBeGreaterThan(0);
    expect([hits[0].record.filePath, hits[0].line]).toEqual(['Illuminate/Auth/Access/Response.php', line]);
    expect(hits[0].message).toBe('This action is unauthorized.');
    expect(hits[0].score).toBeGreaterThanOrEqual(0.5);
  });

});
