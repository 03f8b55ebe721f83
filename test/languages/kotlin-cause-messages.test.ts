// Decision 0130: the message of a constructor parameter declared an error class, in the text an error class hands its
// base (`class Wrapped(id: String, cause: Throwable) : Base("Job $id failed: ${cause.message}", cause)`), is that
// parameter holding another error's message (Hole.inner), bound by a raise to the error its handler caught
// (kotlin.ts causeParams, causeMessages; facts/classes.ts bindTemplate).
import { describe, expect, it } from 'vitest';
import { loadAnalyzers } from '../../src/languages/registry.js';
import { analyzeKotlin } from '../../src/languages/jvm/kotlin.js';
import { causeMessages } from '../../src/languages/jvm/sites.js';
import { hole, lit, renderMessage } from '../../src/template/ir.js';

const java = (await loadAnalyzers()).language('java')!;

const wrapper = (ctor: string, text: string) => analyzeKotlin([
  'package org.x',
  'open class Base(m: String, cause: Throwable? = null) : RuntimeException(m, cause)',
  `class Wrapped(${ctor}) : Base(${text}, null)`,
].join('\n')).classes.find((c) => c.name === 'Wrapped')!;

describe("a cause's message in the text a class hands its base", () => {
  it('is the cause parameter, holding an inner message', () => {
    const c = wrapper('id: String, cause: Throwable', '"Job $id failed: ${cause.message}"');
    expect(renderMessage(c.template!)).toBe('Job {id} failed: {message}');
    expect(c.template!.at(-1)).toMatchObject({ hole: { expr: 'cause', inner: true } });
    expect(c.superArgs![0].template.at(-1)).toMatchObject({ hole: { expr: 'cause', inner: true } });
  });

  it('reads a nullable error type, `?.`, and localizedMessage', () => {
    const c = wrapper('e: java.io.IOException?', '"Read failed: ${e?.localizedMessage}"');
    expect(c.template!.at(-1)).toMatchObject({ hole: { expr: 'e', inner: true } });
  });

  it('leaves a parameter of another type, and what is not its message', () => {
    expect(wrapper('id: String, job: Job', '"Job $id failed: ${job.message}"').template!.at(-1)).not.toHaveProperty('hole.inner');
    expect(wrapper('cause: Throwable', '"Failed: ${cause.stackTrace}"').template!.at(-1)).not.toHaveProperty('hole.inner');
  });
});

describe('causeMessages', () => {
  it('returns the same template when no hole reads a cause', () => {
    const t = [lit('a '), hole('x.message')];
    expect(causeMessages(t, new Set(['cause']))).toBe(t);
    expect(causeMessages([hole('cause.message')], new Set(['cause']))).toMatchObject([{ hole: { expr: 'cause', inner: true } }]);
  });
});

describe("Java: a cause's getMessage() in what a constructor hands super(…)", () => {
  const javaClass = (params: string, text: string) => java.analyze([
    'package x;',
    'class Base extends RuntimeException { Base(String m, Throwable c) { super(m, c); } }',
    `class Wrapped extends Base { Wrapped(${params}) { super(${text}, null); } }`,
  ].join('\n'), 'x/Wrapped.java').classes.find((c) => c.name === 'Wrapped')!;

  it('is the cause parameter, holding an inner message', () => {
    const c = javaClass('String id, Throwable cause', '"Job " + id + " failed: " + cause.getMessage()');
    expect(c.template!.at(-1)).toMatchObject({ hole: { expr: 'cause', inner: true } });
    expect(javaClass('String id, java.io.IOException e', '"Read " + id + ": " + e.getLocalizedMessage()').template!.at(-1)).toMatchObject({ hole: { expr: 'e', inner: true } });
  });

  it('leaves a parameter of another type', () => {
    expect(javaClass('String id, Job job', '"Job " + id + " failed: " + job.getMessage()').template!.at(-1)).not.toHaveProperty('hole.inner');
  });
});
