import { describe, expect, it } from 'vitest';
import { escapeRegex, hole, isGeneric, isLit, lit, normalize, placeholderName, renderMessage, renderPattern, type Template } from '../../src/template/ir.js';
import { MatchText, matchPrepared, matchTemplate, prepareTemplate } from '../../src/template/match.js';

const seedTemplate = normalize([
  lit('Failed to start vLLM server. Process status: '),
  hole('process_status'),
  lit('. Next time a request is tried, the server will be restarted'),
]);

describe('template IR', () => {
  it('names placeholders by identifier, last identifier, or value', () => {
    expect(placeholderName('process_status')).toBe('process_status');
    expect(placeholderName('self._server_process.poll()')).toBe('poll');
    expect(placeholderName('len(items) + 1')).toBe('items');
    expect(placeholderName('42')).toBe('value');
    expect(placeholderName('payment.get("id")')).toBe('get');
    expect(placeholderName(undefined)).toBe('value');
  });

  it('renders the seed message and pattern exactly', () => {
    expect(renderMessage(seedTemplate)).toBe(
      'Failed to start vLLM server. Process status: {process_status}. Next time a request is tried, the server will be restarted',
    );
    expect(renderPattern(seedTemplate)).toBe(
      'Failed to start vLLM server\\. Process status: (.+?)\\. Next time a request is tried, the server will be restarted',
    );
  });

  it('escapes every regex metacharacter so the pattern matches the literal text', () => {
    const t = normalize([lit('a.b*c+d?(e)[f]{g}|h^$\\ '), hole('x')]);
    const re = new RegExp(renderPattern(t));
    expect(re.exec('a.b*c+d?(e)[f]{g}|h^$\\ VALUE')?.[1]).toBe('V');
    expect(re.test('aXb*c')).toBe(false);
  });

  it('marks thin templates generic', () => {
    expect(isGeneric([hole('e')])).toBe(true);
    expect(isGeneric(normalize([lit('Error: '), hole('e')]))).toBe(true);
    expect(isGeneric(seedTemplate)).toBe(false);
  });
});

/**
 * The RegExp form matching follows: the record's pattern, but a hole right before a literal may be
 * empty (`'%s' expected a map` given an empty name prints `'' expected a map`).
 */
function matchingForm(t: Template): RegExp {
  return { test: (text: string) => formOf(t, text).test(text) } as RegExp;
}

/**
 * matchingForm for one text: a first literal starting with spaces stands without them at the start
 * of a text that starts so (the input is read trimmed), and then only there.
 */
function formOf(t: Template, text: string): RegExp {
  const first = t[0];
  const bare = first && isLit(first) ? first.lit.trimStart() : '';
  if (first && isLit(first) && bare && bare !== first.lit && text.startsWith(bare)) {
    return new RegExp('^' + plainForm([lit(bare), ...t.slice(1)]).source, 's');
  }
  // (a first literal of spaces alone stands at the start, whole or trimmed off)
  if (first && isLit(first) && first.lit && !bare && t.length > 1) {
    return new RegExp('^' + plainForm(text.startsWith(first.lit) ? t : t.slice(1)).source, 's');
  }
  return plainForm(t);
}

function plainForm(t: Template): RegExp {
  const part = (s: Template[number], i: number) => (isLit(s) ? escapeRegex(s.lit) : t[i + 1] && isLit(t[i + 1]) ? '(.*?)' : '(.+?)');
  const n = t.length;
  const last = t[n - 2];
  // (a trailing hole after a literal ending in spaces: empty where that literal, with or without them, ends the text)
  if (n >= 2 && !isLit(t[n - 1]) && isLit(last) && last.lit.trimEnd() !== last.lit && last.lit.trimEnd()) {
    const head = t.slice(0, n - 2).map(part).join('');
    return new RegExp(`${head}(?:${escapeRegex(last.lit)}(.+?)|${escapeRegex(last.lit)}$|${escapeRegex(last.lit.trimEnd())}$)`, 's');
  }
  // (a last literal ending in spaces: with them, or without them where it ends the text)
  const end = t[n - 1];
  if (isLit(end) && end.lit.trimEnd() !== end.lit && end.lit.trimEnd()) {
    const head = t.slice(0, n - 1).map(part).join('');
    return new RegExp(`${head}(?:${escapeRegex(end.lit)}|${escapeRegex(end.lit.trimEnd())}$)`, 's');
  }
  return new RegExp(t.map(part).join(''), 's');
}

describe('matchTemplate', () => {
  it('captures placeholder values from the runtime message', () => {
    const m = matchTemplate(
      seedTemplate,
      "Failed to start vLLM server. Process status: {'vllm': 1}. Next time a request is tried, the server will be restarted",
    );
    expect(m?.captures).toEqual({ process_status: "{'vllm': 1}" });
    expect(m?.whole).toBe(true);
  });

  it('matches a first literal that starts with spaces at the start of the trimmed text', () => {
    // (racc's on_error raises `"\nparse error on value #{val.inspect} (#{token_to_str(t) || '?'})"`;
    // the message is read trimmed)
    const t = normalize([lit('\nparse error on value '), hole('val'), lit(' ('), hole('t'), lit(')')]);
    expect(matchTemplate(t, 'parse error on value "$" ($end)')).toMatchObject({ captures: { val: '"$"', t: '$end' }, trimmed: true });
    expect(matchTemplate(t, '\nparse error on value "$" ($end)')).not.toBeNull();
    // (a template writing the text as it is reads it without that mark: it goes first, rank.ts)
    expect(matchTemplate(normalize([lit('uri is null')]), 'uri is null')?.trimmed).toBeUndefined();
    expect(matchTemplate(normalize([lit(' uri is null')]), 'uri is null')?.trimmed).toBe(true);
    // (only at the start: inside a text the literal keeps its newline)
    expect(matchTemplate(t, 'x parse error on value "$" ($end)')).toBeNull();
  });

  it('places a first literal of spaces alone at the start of the trimmed text', () => {
    // (ometa's ParseError.formatError: `'\n' + line + '\n' + (' ' * columnNo + '^') + "\nParse error at
    // line %s, column %s: %s. trail: [%s]\n" % (…)`, read trimmed: its first literal is all taken off)
    const t = normalize([lit('\n'), hole('line'), lit('\n'), hole('pad'), lit('^\nParse error at line '), hole('n'), lit(': '), hole('why')]);
    expect(matchTemplate(t, '12a\n  ^\nParse error at line 2: expected EOF')).toMatchObject({
      captures: { line: '12a', pad: '  ', n: '2', why: 'expected EOF' }, trimmed: true, whole: true,
    });
    expect(matchTemplate(t, '\n12a\n  ^\nParse error at line 2: expected EOF')?.captures).toMatchObject({ line: '12a' });
    // (column 0: the padding empty, on the placement that allows it)
    expect(matchTemplate(t, '12a\n^\nParse error at line 2: expected EOF')).toMatchObject({ captures: { line: '12a', pad: '' }, empty: true });
    // (not the line break inside the text: the first hole starts the text)
    expect(matchTemplate(t, '12a\n  ^\nParse error at line 2: expected EOF')?.start).toBe(0);
  });

  it('finds a match whenever the regex form would (leftmost placement)', () => {
    const t = normalize([lit('x'), hole('a'), lit('ab'), hole('b'), lit('c')]);
    for (const text of ['x1abab2c', 'xabab c', 'x1ab2c', 'zz x1ab2c zz', 'xab', 'x1abc', 'x1ab2']) {
      expect(matchTemplate(t, text) !== null, text).toBe(matchingForm(t).test(text));
    }
  });

  it('agrees with the RegExp form on random texts', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const alphabet = 'ab:. ';
    for (let i = 0; i < 2000; i++) {
      const parts = [];
      const n = 1 + rnd(4);
      for (let k = 0; k < n; k++) {
        if (rnd(2)) parts.push(hole(`h${k}`));
        else parts.push(lit(Array.from({ length: 1 + rnd(3) }, () => alphabet[rnd(alphabet.length)]).join('')));
      }
      const t = normalize(parts);
      if (t.length === 0) continue;
      const text = Array.from({ length: rnd(12) }, () => alphabet[rnd(alphabet.length)]).join('');
      expect(matchTemplate(t, text) !== null, `${JSON.stringify(t)} on "${text}"`).toBe(matchingForm(t).test(text));
    }
  });

  it('gives the same facts prepared and without captures', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const alphabet = 'ab:. \n\t';
    // Repeated names and names Object.prototype has: what `captures` records for them must not matter.
    const names = ['a', 'b', 'toString', 'constructor'];
    for (let i = 0; i < 5000; i++) {
      const parts = Array.from({ length: 1 + rnd(5) }, () =>
        rnd(2) ? hole(names[rnd(names.length)]) : lit(Array.from({ length: 1 + rnd(3) }, () => alphabet[rnd(alphabet.length)]).join('')));
      const t = normalize(parts);
      const text = Array.from({ length: rnd(14) }, () => alphabet[rnd(alphabet.length)]).join('');
      const full = matchTemplate(t, text);
      const expected = full && (({ captures: _captures, ...facts }) => facts)(full);
      expect(matchPrepared(prepareTemplate(t), new MatchText(text)), `${JSON.stringify(t)} on ${JSON.stringify(text)}`).toEqual(expected);
    }
  });

  it('gives a hole before a literal no character only when the text leaves it none', () => {
    const t = normalize([lit("'"), hole('name'), lit("' expected a map, got '"), hole('kind'), lit("'")]);
    expect(matchTemplate(t, "'' expected a map, got 'int'")?.captures).toEqual({ name: '', kind: 'int' });
    expect(matchTemplate(t, "'x' expected a map, got 'int'")?.captures).toEqual({ name: 'x', kind: 'int' });
    // (a later literal placed only when the earlier hole is empty: the first placement is tried again)
    const u = normalize([hole('x'), lit('ab'), hole('y'), lit('c')]);
    expect(matchTemplate(u, 'abXabc')?.captures).toEqual({ x: '', y: 'Xab' });
    expect(matchTemplate(u, 'abXc')?.captures).toEqual({ x: '', y: 'X' });
    // a trailing hole is empty only where its literal, less its final spaces, ends the (trimmed) text
    const v = normalize([lit('units: invalid '), hole('orig')]);
    expect(matchTemplate(v, 'units: invalid')?.captures).toEqual({ orig: '' });
    expect(matchTemplate(v, 'units: invalid ')?.captures).toEqual({ orig: '' });
    expect(matchTemplate(v, 'units: invalid 3x')?.captures).toEqual({ orig: '3x' });
    expect(matchTemplate(v, 'units: invalid, really')).toBeNull();
    expect(matchTemplate(normalize([lit('bad value'), hole('v')]), 'bad value')).toBeNull();
  });

  it('reads a message written over several lines, as the input trimmed it', () => {
    // hamcrest's `{reason}\nExpected: {matcher}\n     but: {mismatch}\n` with an empty reason: the
    // trimmed text starts at `Expected:` and ends at the mismatch
    const t = normalize([hole('reason'), lit('\nExpected: '), hole('matcher'), lit('\n     but: '), hole('mismatch'), lit('\n')]);
    const p = prepareTemplate(t);
    const text = "Expected: <5>\n     but: was <3>";
    // (the quick reject looks for the first literal without its leading spaces)
    expect(text.includes(p.longest)).toBe(true);
    expect(matchPrepared(p, new MatchText(text), {})?.captures).toEqual({ reason: '', matcher: '<5>', mismatch: 'was <3>' });
    expect(matchTemplate(t, 'checking retries\nExpected: <5>\n     but: was <3>\n')?.captures).toEqual({ reason: 'checking retries', matcher: '<5>', mismatch: 'was <3>' });
    // (a first literal's leading spaces are taken off only at the text's start, the holes before it empty)
    expect(matchTemplate(t, 'x Expected: <5>\n     but: was <3>')).toBeNull();
    // a trailing hole of a template with line breaks takes the rest of the text, not of its line
    const y = normalize([lit('While parsing\n'), hole('start'), lit("\nDuplicate key '"), hole('key'), lit("' found\n"), hole('end')]);
    const m = matchTemplate(y, "While parsing\n  in x, line 2\nDuplicate key 'port' found\n  in x, line 2\n    port: 81\n    ^");
    expect(m?.captures.end).toBe('  in x, line 2\n    port: 81\n    ^');
    expect(m?.whole).toBe(true);
    // (one line's template still stops at the line's end: the next lines are another record's business)
    expect(matchTemplate(normalize([lit('bad key: '), hole('k')]), 'bad key: a\nmore')?.captures.k).toBe('a');
  });

  it('is linear on adversarial input (no backtracking)', () => {
    const t = normalize([hole('a'), lit('x'), hole('b'), lit('y'), hole('c'), lit('z!')]);
    const text = 'xyz'.repeat(200_000);
    expect(matchTemplate(t, text)).toBeNull();
  });

  it('captures placeholders named like Object properties', () => {
    const t = normalize([lit('cannot convert '), hole('value.toString()'), lit(' with '), hole('__proto__')]);
    const m = matchTemplate(t, 'cannot convert [1,2] with x');
    expect(m?.captures.toString).toBe('[1,2]');
    expect(Object.getOwnPropertyNames(m?.captures)).toEqual(['toString', '__proto__']);
    expect(JSON.parse(JSON.stringify(m?.captures))).toEqual({ toString: '[1,2]', ['__proto__']: 'x' });
  });

  it('reports coverage and whether the whole text matched', () => {
    const t = normalize([lit('bad value '), hole('v')]);
    const m = matchTemplate(t, 'prefix: bad value 42');
    expect(m?.captures.v).toBe('42');
    expect(m?.whole).toBe(false);
  });

  it('reads a text printed in quotes (a repr) whole when the template spans what the quotes hold', () => {
    // (Python's `KeyError('99 is not registered')` prints `'99 is not registered'`)
    const t = normalize([hole('fileobj'), lit(' is not registered')]);
    expect(matchTemplate(t, "'99 is not registered'")?.whole).toBe(true);
    expect(matchTemplate(t, '"99 is not registered"')?.whole).toBe(true);
    // (quotes that do not pair, or text past them, are no repr of the whole)
    expect(matchTemplate(t, "'99 is not registered\"")?.whole).toBe(false);
    expect(matchTemplate(t, "'99 is not registered' twice")?.whole).toBe(false);
    expect(matchTemplate(normalize([lit('is not registered')]), "'99 is not registered'")?.whole).toBe(false);
  });

  it('places a last literal without its final spaces where it ends a trimmed text', () => {
    // oauthlib's `({error}) {description}` with no description prints `(access_denied) `
    const t = normalize([lit('('), hole('error'), lit(') ')]);
    const m = matchTemplate(t, '(access_denied)');
    expect(m?.captures.error).toBe('access_denied');
    expect(m?.whole).toBe(true);
    expect(m?.empty).toBeUndefined();
    // (only at the end of the text: inside it the spaces are the literal's)
    expect(matchTemplate(t, '(access_denied)x')).toBeNull();
    expect(matchTemplate(normalize([lit('ok ')]), 'ok')).not.toBeNull();
  });
});

describe('repr holes', () => {
  it("count the quotes of a quoted value as literal text, as '%s' writes them", () => {
    const repr = [lit('Mock object has no attribute '), hole('name', 'repr')];
    const quoted = [lit("Mock object has no attribute '"), hole('name'), lit("'")];
    const text = "Mock object has no attribute 'flush'";
    expect(matchTemplate(repr, text)!.literalChars).toBe(matchTemplate(quoted, text)!.literalChars);
    expect(matchTemplate(repr, text)!.captures.name).toBe("'flush'");
    // (a value repr() shows without quotes, or quotes that do not pair, are no literal text)
    expect(matchTemplate(repr, 'Mock object has no attribute 42')!.literalChars).toBe(24);
    expect(matchTemplate(repr, "Mock object has no attribute 'flush\"")!.literalChars).toBe(24);
    expect(matchTemplate([lit('x '), hole('a', 'repr'), lit(' y')], "x 'v' y")!.literalChars).toBe(2 + 2);
  });

  it('take the quoted value before a hole right after them, and count its quotes', () => {
    // Go's `fmt.Errorf("unknown command %q for %q%s", …, cmd.findSuggestions(arg))`
    const t = [lit('unknown command '), hole('args', 'repr'), lit(' for '), hole('path', 'repr'), hole('suggestions')];
    const text = 'unknown command "srve" for "app"\n\nDid you mean this?\n\tserve';
    const m = matchTemplate(t, text)!;
    expect(m.captures).toMatchObject({ args: '"srve"', path: '"app"' });
    expect(m.literalChars).toBe(matchTemplate([lit('unknown command '), hole('args', 'repr'), lit(' for '), hole('path', 'repr')], text)!.literalChars);
    // (quotes ending the text leave the next hole a character, as before: an empty suggestion still matches)
    expect(matchTemplate(t, 'unknown command "srve" for "app"')).not.toBeNull();
  });
});

describe('a last literal after a hole, found earlier in the text', () => {
  it('stands at the end of the text when the text ends with it: the hole before it takes the rest', () => {
    const t = normalize([lit('The contract of '), hole('method'), lit(' is violated because '), hole('message'), lit('.')]);
    const m = matchTemplate(t, "The contract of I.save(record) is violated because 'Store.save()' doesn't allow enough arguments.");
    expect(m).toMatchObject({ whole: true, captures: { method: 'I.save(record)', message: "'Store.save()' doesn't allow enough arguments" } });
    // (a text not ending with it keeps the leftmost placement: no whole match)
    expect(matchTemplate(t, 'The contract of f is violated because a.b then more')).toMatchObject({ whole: false, captures: { message: 'a' } });
  });
});
