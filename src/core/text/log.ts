// Log-line recognition: transport prefixes added by container runtimes, the
// timestamp/level/logger prefix of a text log line, logfmt and JSON log lines.
// Every function here looks at one line and is linear in its length.

export type Level = 'error' | 'warn' | 'info' | 'debug';

const LEVEL_WORDS: Record<string, Level> = {
  error: 'error',
  err: 'error',
  eror: 'error',
  fatal: 'error',
  critical: 'error',
  crit: 'error',
  severe: 'error',
  panic: 'error',
  alert: 'error',
  emerg: 'error',
  emergency: 'error',
  warn: 'warn',
  warning: 'warn',
  wrn: 'warn',
  info: 'info',
  inf: 'info',
  information: 'info',
  notice: 'info',
  debug: 'debug',
  dbg: 'debug',
  trace: 'debug',
  verbose: 'debug',
  fine: 'debug',
  finer: 'debug',
  finest: 'debug',
};

/** Each level word as written in lower and in upper case: what levelWord accepts without `anyCase`. */
const LEVEL_EXACT = new Map<string, Level>();
/** The longest level word: longer words are not looked up (nor lower-cased). */
const MAX_LEVEL_WORD = 11;
for (const [w, l] of Object.entries(LEVEL_WORDS)) {
  LEVEL_EXACT.set(w, l);
  LEVEL_EXACT.set(w.toUpperCase(), l);
}

/** `ERROR`, `error`, `Error:` is NOT a level (mixed case reads as the JS/Python class `Error`). */
export function levelWord(word: string, anyCase = false): Level | null {
  if (word.length < 3 || word.length > MAX_LEVEL_WORD) return null;
  const exact = LEVEL_EXACT.get(word);
  if (exact !== undefined || !anyCase) return exact ?? null;
  // (a Map: `constructor` or `__proto__` are not levels)
  return LEVEL_EXACT.get(word.toLowerCase()) ?? null;
}

/** Numeric levels: pino/bunyan (10..60) and syslog-ish strings handled by levelWord. */
export function numericLevel(n: number): Level {
  if (n >= 50) return 'error';
  if (n >= 40) return 'warn';
  if (n >= 30) return 'info';
  return 'debug';
}

// ---------------------------------------------------------------------------
// Transport prefixes (added by the thing that collected the log, on every line)

type Transport = 'cri' | 'timestamp' | 'compose' | 'journald';

const TRANSPORTS: Record<Transport, RegExp> = {
  // containerd/CRI: `2024-05-01T10:00:00.000000000Z stderr F <line>`
  cri: /^\d{4}-\d\d-\d\dT[0-9:.]+(?:Z|[+-]\d\d:?\d\d) (?:stdout|stderr) [FP] /,
  // `kubectl logs --timestamps`, `docker logs -t`: `<RFC3339> <line>`
  timestamp: /^\d{4}-\d\d-\d\dT[0-9:.]+(?:Z|[+-]\d\d:?\d\d) /,
  // docker compose: `web-1  | <line>`
  compose: /^[A-Za-z0-9_.-]+ *\| /,
  // journald/syslog: `May 01 10:00:00 host app[123]: <line>`
  journald: /^[A-Z][a-z]{2} [ 0-9]\d \d\d:\d\d:\d\d [^ ]+ [^ :]+: /,
};

function transportMatch(k: Transport, line: string): string | null {
  const m = TRANSPORTS[k].exec(line.slice(0, 200));
  if (m === null) return null;
  // `ERROR | message` is a level column, not a compose service name
  if (k === 'compose' && levelWord(m[0].slice(0, m[0].indexOf(' ') < 0 ? m[0].indexOf('|') : m[0].indexOf(' ')), true) !== null) return null;
  return m[0];
}

/**
 * Detect a prefix that a log collector put on (almost) every line, from the
 * first non-empty lines, and return a function that removes it. Lines without
 * it are left alone.
 */
export function detectTransport(lines: string[]): ((line: string) => string) | null {
  const counts: Record<Transport, number> = { cri: 0, timestamp: 0, compose: 0, journald: 0 };
  let sampled = 0;
  for (let i = 0; i < lines.length && sampled < 50; i++) {
    const l = lines[i];
    if (l.length === 0) continue;
    sampled++;
    for (const k of Object.keys(TRANSPORTS) as Transport[]) {
      if (transportMatch(k, l) !== null) counts[k]++;
    }
  }
  if (sampled === 0) return null;
  for (const k of ['cri', 'journald', 'compose', 'timestamp'] as Transport[]) {
    if (counts[k] >= 2 && counts[k] >= sampled * 0.6) {
      return (line) => {
        const m = transportMatch(k, line);
        return m !== null ? line.slice(m.length) : line;
      };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Text log lines

export interface LogLine {
  /** null when the line has a timestamp-ish prefix but no level. */
  level: Level | null;
  /** The line with the timestamp/level/logger prefix removed. */
  message: string;
}

function isTimestampToken(t: string): boolean {
  if (t.length === 0 || t.length > 40) return false;
  const c0 = t.charCodeAt(0);
  if (c0 < 48 || c0 > 57) return false;
  let digits = 0;
  let seps = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c >= '0' && c <= '9') digits++;
    else if ('-:/.,TZ+'.includes(c)) seps++;
    else return false;
  }
  if (digits < 4 || seps < 1) return false;
  // A source position range (`[1:4-1:7]: Unexpected token`, a parser's line:column to line:column)
  // is part of the message, not a time.
  if (/^\d+:\d+-\d+:\d+$/.test(t)) return false;
  // Dots alone make a version (`19.99.5 not a valid …` is a message, not a stamp); keep epoch
  // seconds and dotted dates.
  return /[-:/TZ+]/.test(t) || /^\d{9,}[.,]\d+$|^\d{1,2}\.\d{1,2}\.\d{4}$|^\d{4}\.\d{2}\.\d{2}$/.test(t);
}

/** A logger/thread token after the level: `com.example.Foo`, `app.db:`, `module:func:12`, `myapp::db`. */
function isLoggerToken(t: string): boolean {
  if (t.length === 0 || t.length > 120) return false;
  if (!/^[A-Za-z_$][\w$.:/<>-]*$/.test(t)) return false;
  return t.includes('.') || t.includes(':') || t.includes('/');
}

// (Python's default `LEVEL:logger:message`; a logger always has a name, `root` at the least, so
// `ERROR::CONFIG: x` is a message written with a `::` name, not a level)
const PY_LOGGING = /^(CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG):([^:\s]+):/;
const GLOG = /^([IWEF])\d{4} [0-9:.]+ +\d+ [^ \]]+\] /;
const ANDROID = /^([VDIWEF])\/[^:(]{1,80}(?:\( *\d+\))?: /;

/**
 * Recognise `<timestamp> LEVEL [logger] message` in its many spellings and
 * return the level and the message the program passed. Returns null when the
 * line has neither a recognisable timestamp nor a level.
 */
export function parseLogLine(line: string): LogLine | null {
  if (line.length === 0) return null;
  const c0 = line[0];
  if (c0 === ' ' || c0 === '\t') return null;
  const head = line.length > 300 ? line.slice(0, 300) : line;

  // (each pattern only where its first characters can start it)
  const c1 = line[1];
  let m = 'CFEWID'.includes(c0) ? PY_LOGGING.exec(head) : null;
  if (m) return { level: levelWord(m[1]), message: line.slice(m[0].length) };
  m = 'IWEF'.includes(c0) && c1 >= '0' && c1 <= '9' ? GLOG.exec(head) : null;
  if (m) return { level: glogLevel(m[1]), message: line.slice(m[0].length) };
  m = c1 === '/' ? ANDROID.exec(head) : null;
  if (m) return { level: glogLevel(m[1] === 'V' || m[1] === 'D' ? 'I' : m[1]), message: line.slice(m[0].length) };

  let pos = 0;
  let level: Level | null = null;
  let sawStamp = false;
  let afterLevel = 0; // tokens consumed after the level
  for (let tokens = 0; tokens < 12 && pos < line.length; tokens++) {
    for (let c = line.charCodeAt(pos); pos < line.length && (c === 32 || c === 9); c = line.charCodeAt(++pos));
    if (pos >= line.length) break;
    const start = pos;
    if (line[pos] === '[') {
      const close = line.indexOf(']', pos);
      if (close < 0 || close - pos > 100) break;
      const inner = line.slice(pos + 1, close).trim();
      const bracketLevel = levelWord(inner, true) ?? levelInside(inner);
      if (bracketLevel !== null && level === null) {
        level = bracketLevel;
        if (isTimestampToken(inner.split(' ')[0] ?? '')) sawStamp = true;
        pos = close + 1;
        if (line[pos] === ':') pos++;
        continue;
      } else if (isTimestampToken(inner.replace(' ', 'T'))) {
        if (level !== null) break;
        sawStamp = true;
      } else if (level === null && !sawStamp) {
        break; // `[foo] bar` with nothing log-like before it: not a prefix
      } else if (level !== null && afterLevel >= 2) {
        break;
      }
      pos = close + 1;
      if (line[pos] === ':') pos++;
      if (level !== null) afterLevel++;
      continue;
    }
    let end = pos;
    for (let c = line.charCodeAt(end); end < line.length && c !== 32 && c !== 9; c = line.charCodeAt(++end));
    const word = line.slice(start, end);
    if (word === '|' || word === '-' || word === ':' || word === '--') {
      if (level === null && !sawStamp) break;
      pos = end;
      continue;
    }
    if (level === null) {
      let w = word;
      if (w.endsWith(':') || w.endsWith('|')) w = w.slice(0, -1);
      if (w.startsWith('<') && w.endsWith('>')) w = w.slice(1, -1);
      const lv = levelWord(w);
      // (`error parsing regexp: …`, `warning limit reached`: a level word in lower case that opens the
      // line with no `:` or timestamp is the first word of a sentence, not a level: `error: x`,
      // `ERROR x`, `<ts> error x` are levels)
      if (lv !== null && tokens === 0 && w === word && w === w.toLowerCase() && /^[ \t]+[a-z]/.test(line.slice(end, end + 2))) break;
      if (lv !== null) {
        level = lv;
        pos = end;
        continue;
      }
      if (isTimestampToken(w) || (sawStamp && /^\d+$/.test(w))) {
        sawStamp = true;
        pos = end;
        continue;
      }
      break;
    }
    // after the level: logger tokens and nginx's `123#0:` `*1`
    if (afterLevel < 2) {
      const w0 = word.charCodeAt(0);
      if ((w0 >= 48 && w0 <= 57 && /^\d+#\d+:$/.test(word)) || (w0 === 42 && /^\*\d+$/.test(word))) {
        pos = end;
        afterLevel++;
        continue;
      }
      const next = nextWord(line, end);
      if (word.endsWith(':') && isLoggerToken(word.slice(0, -1))) {
        pos = end;
        afterLevel++;
        continue;
      }
      if ((next === '-' || next === '|' || next === '--') && isLoggerToken(word)) {
        pos = end;
        afterLevel++;
        continue;
      }
    }
    break;
  }
  if (level === null && !sawStamp) return null;
  while (pos < line.length && (line[pos] === ' ' || line[pos] === '\t')) pos++;
  return { level, message: line.slice(pos) };
}

function nextWord(line: string, from: number): string {
  let p = from;
  while (p < line.length && line.charCodeAt(p) === 32) p++;
  let e = p;
  while (e < line.length && line.charCodeAt(e) !== 32) e++;
  return line.slice(p, e);
}

/** `2024-05-01T10:00:00Z ERROR myapp::db` (Rust env_logger bracket). */
function levelInside(inner: string): Level | null {
  if (!inner.includes(' ')) return null;
  const parts = inner.split(' ');
  if (parts.length > 4) return null;
  for (const p of parts) {
    const lv = levelWord(p);
    if (lv !== null) return lv;
  }
  return null;
}

function glogLevel(c: string): Level {
  return c === 'E' || c === 'F' ? 'error' : c === 'W' ? 'warn' : 'info';
}

// ---------------------------------------------------------------------------
// logfmt: `time=... level=error msg="could not connect" err="dial tcp: refused"`

export function parseLogfmt(line: string): Map<string, string> | null {
  if (!/^[A-Za-z_][\w.@-]*=/.test(line)) return null;
  const out = new Map<string, string>();
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && line[i] === ' ') i++;
    const ks = i;
    while (i < n && line[i] !== '=' && line[i] !== ' ') i++;
    const key = line.slice(ks, i);
    if (i >= n || line[i] !== '=') {
      if (key.length > 0) out.set(key, 'true');
      continue;
    }
    i++; // '='
    let value = '';
    if (line[i] === '"') {
      i++;
      // runs between escapes are sliced, not copied a character at a time
      const parts: string[] = [];
      let from = i;
      while (i < n && line.charCodeAt(i) !== 34) {
        if (line.charCodeAt(i) === 92 && i + 1 < n) {
          if (i > from) parts.push(line.slice(from, i));
          const e = line[i + 1];
          parts.push(e === 'n' ? '\n' : e === 't' ? '\t' : e);
          i += 2;
          from = i;
        } else {
          i++;
        }
      }
      if (i > from) parts.push(line.slice(from, i));
      i++; // closing quote
      value = parts.join('');
    } else {
      const vs = i;
      while (i < n && line[i] !== ' ') i++;
      value = line.slice(vs, i);
    }
    if (key.length > 0) out.set(key, value);
  }
  return out.size >= 2 ? out : null;
}

// ---------------------------------------------------------------------------
// JSON log lines

export interface StructuredLog {
  level: Level | null;
  message: string;
  /** A stack/traceback text carried by the record, to be parsed as a trace. */
  stack: string | null;
  /** The error's own message when the record carries one besides `msg` (zap `error`, pino `err.message`). */
  errorMessage: string | null;
  errorClass: string | null;
}

function pick(obj: Record<string, unknown>, path: string): unknown {
  if (path in obj) return obj[path];
  const dot = path.indexOf('.');
  if (dot < 0) return undefined;
  const head = obj[path.slice(0, dot)];
  if (head === null || typeof head !== 'object') return undefined;
  return pick(head as Record<string, unknown>, path.slice(dot + 1));
}

function firstString(obj: Record<string, unknown>, paths: string[]): string | null {
  for (const p of paths) {
    const v = pick(obj, p);
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

function levelOf(v: unknown): Level | null {
  if (typeof v === 'number') return numericLevel(v);
  if (typeof v === 'string') return levelWord(v, true) ?? (/^\d+$/.test(v) ? numericLevel(Number(v)) : null);
  return null;
}

export function fromRecord(obj: Record<string, unknown>): StructuredLog {
  let level: Level | null = null;
  for (const k of ['level', 'lvl', 'severity', 'levelname', 'log.level', 'loglevel', '@l', 'level_name']) {
    const v = pick(obj, k);
    if (v !== undefined) {
      level = levelOf(v);
      if (level !== null) break;
    }
  }
  const message = firstString(obj, ['msg', 'message', '@m', '@mt', 'event', 'text']) ?? '';
  const stack = firstString(obj, [
    'stack',
    'err.stack',
    'error.stack',
    'error.stack_trace',
    'stack_trace',
    'stacktrace',
    'exc_info',
    'exception',
    'exc_text',
    'traceback',
    '@x',
  ]);
  let errorMessage: string | null = null;
  for (const k of ['error', 'err']) {
    const v = pick(obj, k);
    if (typeof v === 'string' && v.length > 0) errorMessage = v;
    else if (v !== null && typeof v === 'object') {
      const m = (v as Record<string, unknown>).message;
      if (typeof m === 'string' && m.length > 0) errorMessage = m;
    }
    if (errorMessage !== null) break;
  }
  const errorClass = firstString(obj, ['err.type', 'error.type', 'error.kind', 'exc_type']);
  return { level, message, stack, errorMessage, errorClass };
}

export function parseJsonLog(line: string): StructuredLog | null {
  const t = line.trim();
  if (t.length < 2 || t[0] !== '{' || t[t.length - 1] !== '}') return null;
  let obj: unknown;
  try {
    obj = JSON.parse(t);
  } catch {
    return null;
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return null;
  return fromRecord(obj as Record<string, unknown>);
}

export function fromLogfmt(kv: Map<string, string>): StructuredLog | null {
  const lv = kv.get('level') ?? kv.get('lvl') ?? kv.get('severity');
  if (lv === undefined) return null;
  return {
    level: levelWord(lv, true),
    message: kv.get('msg') ?? kv.get('message') ?? '',
    stack: kv.get('stack') ?? kv.get('stacktrace') ?? kv.get('traceback') ?? null,
    errorMessage: kv.get('err') ?? kv.get('error') ?? null,
    errorClass: null,
  };
}

/**
 * A JSON or logfmt log record with a level (`{"level":"info",…}`, `level=info msg=…`): a line a
 * logger wrote, never the continuation of a message printed above it.
 */
export function isStructuredLogLine(line: string): boolean {
  const c0 = line[0];
  if (c0 === '{') return parseJsonLog(line)?.level != null;
  if (!((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z'))) return false;
  const kv = parseLogfmt(line);
  return kv !== null && fromLogfmt(kv) !== null;
}
