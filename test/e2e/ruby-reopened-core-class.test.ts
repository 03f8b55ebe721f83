// Ruby end to end: the standard library's socket.rb reopens the core's `class Addrinfo` at the top
// level (the C extension's Ruby layer) and calls `Addrinfo.getaddrinfo(host, port, …)` from
// `Addrinfo#family_addrinfo`; the C method raises `getaddrinfo: Name or service not known`. A file
// reopening the core's class calls the core's methods, but for one it defines itself. The file is
// analyzed by the CLI, the real interpreter raises. Likewise `class Socket < BasicSocket`, whose
// `sock = Socket.new(…)` then `sock.connect(self)` raises Errno's `Connection refused - connect(2) for
// …`. CI needs the Debian package ruby.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { errdex, tmpDir, explainOutput } from './cli.js';

const RUBY = '/usr/bin/ruby';
const SOCKET = '/usr/lib/ruby/3.1.0/socket.rb';

describe('ruby: a native callable called from a top-level reopening of its own class (socket.rb)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-socket-tree');
    cpSync(SOCKET, path.join(tree, 'socket.rb'));
    db = path.join(tmpDir('ruby-socket-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('explains the printed trace and the bare message by the call in Addrinfo#family_addrinfo', () => {
    const r0 = spawnSync(RUBY, ['-rsocket', '-e', 'Addrinfo.tcp("127.0.0.1", 1).connect_from("nosuch.invalid", 0)']);
    const trace = r0.stderr.toString();
    expect(trace).toMatch(/socket\.rb:31:in `family_addrinfo'/);
    const message = 'getaddrinfo: Name or service not known';
    expect(trace).toContain(`${message} (SocketError)`);
    for (const args of [['explain', '-'], ['explain', message]]) {
      const r = errdex([...args, '--db', db, '--json'], args[1] === '-' ? { input: trace } : undefined);
      expect(r.code, r.stderr).toBe(0);
      const out = explainOutput(r.stdout);
      const hit = args[1] === '-' ? out.links.at(-1).hits[0] : out.hits[0];
      expect(hit.record).toMatchObject({ filePath: 'socket.rb', lineNumber: 31, errorClass: 'SocketError' });
    }
  });

  it('reads a socket connected in the file that constructs it: Errno\'s text of the C call (`class Socket < BasicSocket`)', () => {
    const r0 = spawnSync(RUBY, ['-rsocket', '-e', 'Socket.tcp("127.0.0.1", 1)']);
    const trace = r0.stderr.toString();
    expect(trace).toMatch(/socket\.rb:64:in `connect'/);
    const message = 'Connection refused - connect(2) for 127.0.0.1:1';
    expect(trace).toContain(`${message} (Errno::ECONNREFUSED)`);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(explainOutput(r.stdout).hits[0].record).toMatchObject({ filePath: 'socket.rb', lineNumber: 64, errorClass: 'Errno::ECONNREFUSED' });
  });

  it('leaves a method the reopening file defines, and a class of its own (nested or assigned)', () => {
    const sites = (src: string) => analyzeRuby(src).sites.filter((s) => s.native).map((s) => s.line);
    expect(sites('class Addrinfo\n  def x\n    Addrinfo.getaddrinfo(h, p)\n  end\nend\n')).toEqual([3]);
    expect(sites('class Addrinfo\n  def self.getaddrinfo(h, p) = []\n  def x\n    Addrinfo.getaddrinfo(h, p)\n  end\nend\n')).toEqual([]);
    expect(sites('module Net\n  class Addrinfo\n    def x\n      Addrinfo.getaddrinfo(h, p)\n    end\n  end\nend\n')).toEqual([]);
    expect(sites('Addrinfo = Struct.new(:x)\nAddrinfo.getaddrinfo(h, p)\n')).toEqual([]);
    // (a top-level class with a superclass is the core's too: Ruby would refuse another superclass)
    expect(sites('class Addrinfo < Data\n  def x\n    Addrinfo.getaddrinfo(h, p)\n  end\nend\n')).toEqual([3]);
  });
});
