// A JavaScript string's escape sequences, decoded: in a literal of analyzed code, and in a string
// util.inspect prints (an error's properties after its stack, which uses the same escapes).

/** Decode JS escape sequences in the raw text between quotes/backticks. */
export function decodeEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\' || i + 1 >= raw.length) {
      out += c;
      continue;
    }
    const d = raw[++i];
    switch (d) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case '0':
        if (!/[0-9]/.test(raw[i + 1] ?? '')) { out += '\0'; break; }
        out += d; break;
      case '\r':
        if (raw[i + 1] === '\n') i++;
        break; // line continuation
      case '\n': case '\u2028': case '\u2029':
        break; // line continuation
      case 'x': {
        const h = raw.slice(i + 1, i + 3);
        if (/^[0-9a-fA-F]{2}$/.test(h)) { out += String.fromCharCode(parseInt(h, 16)); i += 2; }
        else out += 'x';
        break;
      }
      case 'u': {
        if (raw[i + 1] === '{') {
          const end = raw.indexOf('}', i + 2);
          const h = end > 0 ? raw.slice(i + 2, end) : '';
          const cp = /^[0-9a-fA-F]{1,6}$/.test(h) ? parseInt(h, 16) : NaN;
          if (!Number.isNaN(cp) && cp <= 0x10ffff) { out += String.fromCodePoint(cp); i = end; }
          else out += 'u';
        } else {
          const h = raw.slice(i + 1, i + 5);
          if (/^[0-9a-fA-F]{4}$/.test(h)) { out += String.fromCharCode(parseInt(h, 16)); i += 4; }
          else out += 'u';
        }
        break;
      }
      default:
        out += d;
    }
  }
  return out;
}
