// A synthetic application log of real errors: the evaluation corpus's printed Python tracebacks
// and Node stacks (eval/corpus/*.jsonl), interleaved with the noise a service log carries
// (timestamped info lines, JSON log lines, logfmt lines), some errors logged with a level prefix
// or inside a JSON record. Deterministic for a seed. Used by the bench (scan throughput, whole
// explain), the dense-log e2e test and the fuzz tests.

import fs from 'node:fs';
import path from 'node:path';

/** The corpus's printed traces, in corpus order (empty without the corpus). */
export function corpusTraces(repo: string, only?: string[]): string[] {
  const dir = path.join(repo, 'eval/corpus');
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.jsonl') && (!only || only.includes(x))).sort()) {
    for (const l of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (l.trim() === '') continue;
      const c = JSON.parse(l) as { trace?: string };
      if (typeof c.trace === 'string' && c.trace.trim() !== '') out.push(c.trace.replace(/\n+$/, ''));
    }
  }
  return out;
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface MixedLogOptions {
  /** Stop once the log is at least this many bytes (UTF-8). */
  bytes: number;
  seed?: number;
  /** Share of entries that are an error (a trace), in [0, 1]; the rest are noise lines. Default 0.05. */
  errorRate?: number;
  /** Share of the errors logged as one line (`<time> ERROR <logger>: <the trace's last line>`), the densest form. Default 0. */
  oneLineRate?: number;
}

export interface MixedLog {
  text: string;
  lines: number;
  /** Traces written (each one error, possibly chained). */
  errors: number;
}

const LOGGERS = ['app.http', 'app.db', 'worker.queue', 'app.auth', 'scheduler'];
const WORDS = ['request', 'served', 'cache', 'hit', 'miss', 'user', 'session', 'started', 'completed', 'in', 'ms', 'job', 'retry', 'ok', 'GET', 'POST', '/api/v1/items', 'status=200'];

function stamp(n: number): string {
  const s = n % 60, m = Math.floor(n / 60) % 60, h = Math.floor(n / 3600) % 24;
  const p = (x: number) => String(x).padStart(2, '0');
  return `2026-12-01T${p(h)}:${p(m)}:${p(s)}.${String(n % 1000).padStart(3, '0')}Z`;
}

/** Build a mixed log of at least `opts.bytes` bytes. */
export function mixedLog(traces: string[], opts: MixedLogOptions): MixedLog {
  const rand = prng(opts.seed ?? 1);
  const rate = opts.errorRate ?? 0.05;
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const phrase = () => Array.from({ length: 3 + Math.floor(rand() * 8) }, () => pick(WORDS)).join(' ');
  const parts: string[] = [];
  let bytes = 0, lines = 0, errors = 0, n = 0;
  const push = (s: string) => {
    parts.push(s);
    bytes += Buffer.byteLength(s) + 1;
    lines += s.split('\n').length;
  };
  while (bytes < opts.bytes) {
    n++;
    const ts = stamp(n);
    if (traces.length > 0 && rand() < rate) {
      const t = pick(traces);
      errors++;
      if (rand() < (opts.oneLineRate ?? 0)) {
        push(`${ts} ERROR ${pick(LOGGERS)}: ${t.slice(t.lastIndexOf('\n') + 1)}`);
        continue;
      }
      const how = rand();
      if (how < 0.5) push(t); // printed as is (stderr of a crashed process)
      else if (how < 0.8) push(`${ts} ERROR ${pick(LOGGERS)}: unhandled error\n${t}`);
      else push(JSON.stringify({ time: ts, level: 'error', msg: 'request failed', stack: t }));
      continue;
    }
    const kind = rand();
    if (kind < 0.5) push(`${ts} INFO ${pick(LOGGERS)}: ${phrase()}`);
    else if (kind < 0.65) push(`${ts} DEBUG ${pick(LOGGERS)} - ${phrase()}`);
    else if (kind < 0.7) push(`${ts} WARN ${pick(LOGGERS)}: slow ${phrase()}`);
    else if (kind < 0.9) push(JSON.stringify({ time: ts, level: 'info', msg: phrase(), reqId: n, ms: Math.floor(rand() * 900) }));
    else push(`time=${ts} level=info msg="${phrase()}" id=${n}`);
  }
  return { text: parts.join('\n') + '\n', lines, errors };
}
