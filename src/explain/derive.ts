// Prose and defensive code derived from facts alone, used when no model is
// configured. Every sentence is built from the site's own facts (symbol, class,
// guards, message literals); fields with nothing factual to say stay null, and
// provenance marks each filled field `derived`.

import type { Guard } from '../core/site.js';
import { languageByName } from '../languages/registry.js';

export interface DeriveInput {
  errorMessage: string;
  errorClass: string | null;
  errorCode: string | null;
  errorType: string;
  filePath: string;
  lineNumber: number;
  language?: string;
  symbol?: string | null;
  guards?: Guard[];
  placeholders?: Record<string, string>;
  package?: string | null;
  repo: string;
}

export interface Derived {
  fields: {
    documentation: string | null;
    triggerScenarios: string | null;
    commonSituations: string | null;
    solutions: string[];
    exampleFix: string | null;
    handlingStrategy: string | null;
    validationCode: string | null;
    typeGuard: string | null;
    tryCatchPattern: string | null;
    preventionTips: string[];
    tags: string[];
    backgroundTag: string | null;
  };
  provenance: Record<string, 'derived'>;
}

const VERB: Record<string, string> = {
  exception: 'raises', assertion: 'fails an assertion with', log: 'logs', warning: 'emits the warning', exit: 'exits with',
  http: 'aborts the request with', rejection: 'rejects with', callback: 'passes to its callback',
};

export function deriveProse(r: DeriveInput): Derived {
  const where = r.symbol ? `\`${r.symbol}\`` : `module-level code of ${basename(r.filePath)}`;
  const what = r.errorClass ? `\`${r.errorClass}\`` : r.errorType === 'log' ? 'an error log line' : 'an error';
  const guards = (r.guards ?? []).filter((g) => g.kind !== 'try');
  const conditions = guards.filter((g) => ['if', 'elif', 'else', 'case', 'while'].includes(g.kind));
  const handlers = guards.filter((g) => g.kind === 'except' || g.kind === 'catch');
  const when = conditions.length ? ` when ${conditions.map((g) => `\`${g.text}\``).join(' and ')}` : '';
  const during = handlers.length ? `, while handling ${handlers.map((g) => `\`${g.text}\``).join(', ')}` : '';
  const message = r.errorMessage ? ` "${r.errorMessage}"` : '';
  const documentation = `${where} ${VERB[r.errorType] ?? 'raises'} ${what}${message}${when}${during} (${r.filePath}:${r.lineNumber}).`;

  const trigger = conditions.length || handlers.length
    ? `Reached in ${where} when ${[...conditions, ...handlers].map((g) => `${g.kind} \`${g.text}\` (line ${g.line})`).join(', then ')}.`
    : null;

  const solutions: string[] = [];
  const tips: string[] = [];
  for (const g of conditions) {
    solutions.push(`Make \`${g.text}\` false for the inputs you pass to ${where} (checked at ${basename(r.filePath)}:${g.line}).`);
    tips.push(`Check \`${g.text}\` before calling ${where}.`);
  }
  const holes = Object.entries(r.placeholders ?? {});
  if (holes.length) {
    solutions.push(`Read ${holes.map(([n, e]) => (n === e ? `\`${n}\`` : `\`${n}\` (\`${e}\`)`)).join(', ')} from the message: it is the value the check rejected.`);
  }
  if (r.errorType === 'exception' || r.errorType === 'rejection' || r.errorType === 'callback') {
    if (r.errorClass) solutions.push(`Catch \`${r.errorClass}\` around the call into ${where} if the condition is expected at run time.`);
  }

  const snippetInput = { language: r.language, errorClass: r.errorClass, errorCode: r.errorCode, message: r.errorMessage, symbol: r.symbol ?? null };
  // (a language without a pack gets no snippet rather than code in the wrong language)
  const lang = r.language === undefined ? undefined : languageByName(r.language);
  const tryCatchPattern = r.errorType === 'log' || r.errorType === 'warning' ? null : lang?.catchSnippet(snippetInput) ?? null;
  const typeGuard = lang?.typeGuardSnippet(snippetInput) ?? null;
  const handlingStrategy =
    r.errorType === 'assertion' ? 'fix-code'
      : r.errorType === 'log' || r.errorType === 'warning' ? 'log-and-continue'
        : conditions.length ? 'validate-input' : 'catch';

  const tags = unique([r.language, r.package ?? r.repo.split('/').pop(), r.errorClass?.split('.').pop(), r.errorType]
    .filter((t): t is string => !!t).map((t) => t.toLowerCase()));

  const fields = {
    documentation,
    triggerScenarios: trigger,
    commonSituations: null,
    solutions,
    exampleFix: null,
    handlingStrategy,
    validationCode: null,
    typeGuard,
    tryCatchPattern,
    preventionTips: tips,
    tags,
    backgroundTag: null,
  };
  const provenance: Record<string, 'derived'> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== null && !(Array.isArray(v) && v.length === 0)) provenance[k] = 'derived';
  return { fields, provenance };
}

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const unique = <T>(xs: T[]) => [...new Set(xs)];
