// The seed record reproduces from source: a git repo shaped like apache/beam,
// analyzed by the CLI, explained from the runtime message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, write, explainOutput } from './cli.js';

const seed = JSON.parse(fs.readFileSync(new URL('../fixtures/seed.json', import.meta.url), 'utf8')).record;
const FILE = 'sdks/python/apache_beam/ml/inference/vllm_inference.py';

/** The seed's window at lines 335–371, with a prefix and suffix so the file parses. */
function vllmSource(): string {
  const lines: string[] = ['import logging', 'import time', ''];
  while (lines.length < 325) lines.push(`# Licensed to the Apache Software Foundation (ASF) ${lines.length}`);
  lines.push(
    'class _VLLMModelServer():', // 326
    '  def __init__(self):',
    '    self._server_process = None',
    '    self._server_started = False',
    '',
    '  def start_server(self, retries=3):', // 331
    '    with getVLLMClient(self._server_port) as client:',
    '      while (self._server_process is not None and',
    '             self._server_process is not None and', // 334
  );
  lines.push(...seed.sourceCode.split('\n')); // 335..371
  lines.push('  ):', '    self._model_name = model_name', '');
  return lines.join('\n');
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).toString().trim();

describe('seed record reproduction', () => {
  let repo: string;
  let db: string;
  let sha: string;

  beforeAll(() => {
    repo = tmpDir('beam');
    db = path.join(tmpDir('beam-db'), 'index.sqlite');
    write(repo, FILE, vllmSource());
    git(repo, 'init', '-q');
    git(repo, 'remote', 'add', 'origin', 'https://github.com/apache/beam');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'seed');
    sha = git(repo, 'rev-parse', 'HEAD');
    const r = errdex(['analyze', repo, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
  });

  it('the file places the raise on line 353', () => {
    expect(vllmSource().split('\n')[352].trim()).toBe('raise Exception(');
  });

  it('produces the seed record', () => {
    const r = errdex(['show', seed.id, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const rec = JSON.parse(r.stdout);
    for (const k of ['id', 'repo', 'slug', 'errorMessage', 'messagePattern', 'filePath', 'lineNumber', 'sourceCode', 'sourceCodeStart', 'sourceCodeEnd', 'errorClass', 'errorType', 'errorCode', 'httpStatus']) {
      expect(rec[k], k).toEqual(seed[k]);
    }
    expect(rec.githubUrl).toBe(`https://github.com/apache/beam/blob/${sha}/${FILE}#L335-L371`);
    expect(rec.analyzedSha).toBe(sha);
    expect(rec.symbol).toBe('_VLLMModelServer.start_server');
    expect(rec.guards).toContainEqual({ kind: 'if', text: 'retries == 0', line: 352 });
    expect(rec.language).toBe('python');
    expect(rec.provenance.documentation).toBe('derived');
  });

  it('explains the runtime message with that record first and the status captured', () => {
    const msg = "Failed to start vLLM server. Process status: {'vllm': 1}. Next time a request is tried, the server will be restarted";
    const r = errdex(['explain', msg, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    expect(out.hits[0].record.id).toBe(seed.id);
    expect(out.hits[0].captures).toEqual({ process_status: "{'vllm': 1}" });
    expect(out.hits[0].matchType).toBe('template');
    expect(out.hits[0].score).toBeGreaterThan(0.8);
  });

  it('explains a traceback from another machine by its frame', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/home/worker/app/main.py", line 10, in <module>',
      '    server.start_server()',
      `  File "/opt/venv/lib/python3.11/site-packages/apache_beam/ml/inference/vllm_inference.py", line 353, in start_server`,
      '    raise Exception(',
      "Exception: Failed to start vLLM server. Process status: {'vllm': 1}. Next time a request is tried, the server will be restarted",
    ].join('\n');
    const r = errdex(['explain', '-', '--db', db, '--json'], { input: trace });
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    expect(out.hits[0].record.id).toBe(seed.id);
    expect(out.hits[0].matchType).toBe('frame');
    expect(out.hits[0].score).toBeGreaterThan(0.95);
  });

  it('answers "no confident match" with a reason and exit code 4', () => {
    const r = errdex(['explain', 'Completely unrelated gibberish zzqx happened', '--db', db, '--json']);
    expect(r.code).toBe(4);
    const out = explainOutput(r.stdout);
    expect(out.matched).toBe(false);
    expect(out.reason).toMatch(/no indexed template|below/);
  });
});
