// The zod schemas of what the service answers: the HTTP API's OpenAPI document and the MCP
// tools' output schemas are generated from these (never written out by hand). Each is checked
// against the service's own type below: a field added to one and not the other fails `tsc`.

import { z } from 'zod';
import type { ErrorKind } from '../core/errors.js';
import { RecordSchema } from '../record/schema.js';
import type { ExplainJson } from './explain-json.js';
import type { SearchResult } from './search.js';
import type { Stats } from './stats.js';
import type { TreeDetail, TreeSummary } from './trees.js';

export { RecordSchema };

const FrameSchema = z.object({ file: z.string(), line: z.number().int().nullable(), column: z.number().int().nullable(), func: z.string().nullable() });

export const HitSchema = z.object({
  recordId: z.string().describe('Key into `records`'),
  line: z.number().int().describe('The line of the site that matched'),
  lines: z.array(z.number().int()),
  message: z.string().describe('The message template that matched'),
  score: z.number(),
  matchType: z.enum(['frame', 'template', 'code', 'fuzzy', 'line']),
  captures: z.record(z.string(), z.string()).describe('Values the input gives the template\'s placeholders'),
  why: z.array(z.string()),
  frame: FrameSchema.nullable(),
  copies: z.array(z.object({ id: z.string(), filePath: z.string(), line: z.number().int(), lines: z.array(z.number().int()).optional() })),
  link: z.number().int().describe('Index into `links` of the error this hit answers'),
  code: z.string().optional().describe('For a `line` hit: the code of that line'),
  wrappedBy: z.array(z.union([
    z.object({ kind: z.literal('record'), recordId: z.string(), line: z.number().int(), message: z.string(), hole: z.string() }),
    z.object({ kind: z.literal('decoration'), decoration: z.enum(['excerpt', 'position', 'location', 'prefix']), text: z.string() }),
  ])).optional().describe('The layers around the inner message the hit matched, outermost first'),
  inner: z.string().optional().describe('The inner message the hit matched (with wrappedBy)'),
  certain: z.literal(true).optional().describe('The hit is certain: a frame on the site, or a full template match with much literal text'),
  tied: z.literal(true).optional().describe('Nothing in the input ranks this hit below the first (no frame, the same score and text): one message raised in several files'),
});

export const LinkSchema = z.object({
  errorClass: z.string().nullable(),
  message: z.string(),
  errorCode: z.string().nullable(),
  language: z.string().nullable(),
  relation: z.enum(['cause', 'context', 'member']).nullable(),
  inputLine: z.number().int(),
  frames: z.number().int(),
  noMatch: z.string().nullable(),
  namedCode: z.object({ code: z.string(), languages: z.array(z.string()) }).nullable()
    .describe("The message is a runtime's own text naming this code, which too many indexed lines hold to answer with: a stack trace tells which raised"),
  runtimeTexts: z.array(z.object({
    runtime: z.string(),
    languages: z.array(z.string()),
    text: z.string().describe('The runtime\'s text, `{name}` where a value goes'),
    meaning: z.string().describe('What happened, and which line raises it'),
    captures: z.record(z.string(), z.string()),
  })).describe("The runtime texts the message is (no indexed source writes them); empty when none is, or when a site's template reads the message certainly"),
  hits: z.array(HitSchema),
});

export const ExplainJsonSchema = z.object({
  matched: z.boolean(),
  reason: z.string().nullable(),
  indexed: z.number().int(),
  ms: z.number(),
  hits: z.array(HitSchema).describe('Best first across all links'),
  links: z.array(LinkSchema).describe('Each error of the input, in the order raised'),
  records: z.record(z.string(), RecordSchema),
});

export const RecordSummarySchema = z.object({
  id: z.string(), treeId: z.number().int(), repo: z.string(), package: z.string().nullable(), version: z.string().nullable(), language: z.string().nullable(),
  errorType: z.string(), errorClass: z.string().nullable(), errorCode: z.string().nullable(), filePath: z.string(), line: z.number().int(), message: z.string(),
  symbol: z.string().nullable(),
});

export const SearchResultSchema = z.object({
  records: z.array(RecordSummarySchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  method: z.enum(['fts', 'scan']),
});

export const TreeSummarySchema = z.object({
  treeId: z.number().int(), repo: z.string(), sha: z.string().nullable(), path: z.string().nullable(), package: z.string().nullable(),
  version: z.string().nullable(), files: z.number().int(), records: z.number().int(), analyzedAt: z.string(),
});

export const TreesSchema = z.object({ trees: z.array(TreeSummarySchema) });

export const TreeDetailSchema = z.object({ name: z.string(), trees: z.array(TreeSummarySchema), records: z.number().int(), page: SearchResultSchema });

export const StatsSchema = z.object({
  db: z.string(), trees: z.number().int(), records: z.number().int(), byLanguage: z.record(z.string(), z.number()), byType: z.record(z.string(), z.number()),
  cachedFiles: z.number().int(), treeList: z.array(z.any()),
});

export const RecordsSchema = z.object({ records: z.array(RecordSchema).describe('One per analyzed tree that holds a record with this id') });

export const ERROR_KINDS = ['bad-input', 'not-found', 'index-unusable', 'locked', 'timeout', 'internal', 'too-large', 'busy'] as const;
export const ErrorSchema = z.object({ error: z.object({ kind: z.enum(ERROR_KINDS), message: z.string() }) });

// (compile-time: each schema's type and the service's type are the same shape)
// (and the same keys, optional ones too: an optional field missing from a schema would be stripped)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? ([keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false) : false) : false;
type HitOf<T> = T extends { hits: (infer H)[] } ? H : never;
const check = <T extends true>(): T => true as T;
check<Same<HitOf<z.infer<typeof ExplainJsonSchema>>, HitOf<ExplainJson>>>();
check<Same<z.infer<typeof ExplainJsonSchema>, ExplainJson>>();
check<Same<z.infer<typeof SearchResultSchema>, SearchResult>>();
check<Same<z.infer<typeof TreeSummarySchema>, TreeSummary>>();
check<Same<z.infer<typeof TreeDetailSchema>, TreeDetail>>();
check<Same<Omit<z.infer<typeof StatsSchema>, 'treeList'>, Omit<Stats, 'treeList'>>>();
check<Same<Exclude<ErrorKind, (typeof ERROR_KINDS)[number]>, never>>();
