// The record: a superset of the ErrLookup v2 dataset record (schemaVersion 2).
// Field names and meanings follow ../shared/seeds/000_*.json; the fields after
// `schemaVersion` are errdex's own and optional, so a v2 record validates as is.

import { z } from 'zod';

const provenanceValue = z.union([z.literal('source'), z.literal('derived'), z.string().regex(/^model:.+/)]);

export const GuardSchema = z.object({ kind: z.string(), text: z.string(), line: z.number().int().positive() });

export const RecordSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/),
  repo: z.string().min(1),
  slug: z.string(),
  errorCode: z.string().nullable(),
  errorMessage: z.string(),
  messagePattern: z.string(),
  errorType: z.string(),
  errorClass: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  severity: z.enum(['critical', 'error', 'warning', 'info']),
  filePath: z.string().min(1),
  lineNumber: z.number().int().positive(),
  sourceCode: z.string(),
  sourceCodeStart: z.number().int().positive(),
  sourceCodeEnd: z.number().int().positive(),
  githubUrl: z.string().nullable(),
  documentation: z.string().nullable(),
  triggerScenarios: z.string().nullable(),
  commonSituations: z.string().nullable(),
  solutions: z.array(z.string()),
  exampleFix: z.string().nullable(),
  handlingStrategy: z.string().nullable(),
  validationCode: z.string().nullable(),
  typeGuard: z.string().nullable(),
  tryCatchPattern: z.string().nullable(),
  preventionTips: z.array(z.string()),
  tags: z.array(z.string()),
  backgroundTag: z.string().nullable(),
  analyzedSha: z.string().nullable(),
  analyzedAt: z.string(),
  contentChangedAt: z.string(),
  schemaVersion: z.literal(2),
  // errdex's own fields.
  language: z.string().optional(),
  symbol: z.string().nullable().optional(),
  guards: z.array(GuardSchema).optional(),
  placeholders: z.record(z.string(), z.string()).optional(),
  /** Other lines of the same file that raise the same message (they share this record's id). */
  alsoAt: z.array(z.number().int().positive()).optional(),
  /** Other messages raised under this record's id (the same error code in the same file), by line. */
  variants: z.array(z.object({ line: z.number().int().positive(), errorMessage: z.string(), messagePattern: z.string() })).optional(),
  /** For a helper that raises a message it is given: the call that supplies this record's message. */
  callers: z.array(z.object({ filePath: z.string(), line: z.number().int().positive(), symbol: z.string().nullable() })).optional(),
  /** Where the record's template is written, when that is not where it is raised (a message table's entry, a locale file, an error built in one place and raised in another). */
  definedAt: z.object({ filePath: z.string(), line: z.number().int().positive() }).optional(),
  /** For an error built here and raised elsewhere (a stored error, a list of errors, an error group): the raises. */
  raisedAt: z.array(z.object({ filePath: z.string(), line: z.number().int().positive() })).optional(),
  /** For a raise of errors built elsewhere (`raise self._error`, `throw errors[0]`, an error group): where they are built, with their messages. */
  builtAt: z.array(z.object({ filePath: z.string(), line: z.number().int().positive(), errorMessage: z.string() })).optional(),
  /** The message is the runtime's (written in its native code, not in any source): raised inside this callable, called at this line. */
  native: z.string().optional(),
  /** The message is written here and handed to this callable of another package as the message it raises (a validator's `message=`). */
  handedTo: z.string().optional(),
  /** The site's function or class is marked deprecated (RawSite.deprecated). */
  deprecated: z.boolean().optional(),
  /** Template too thin to identify a site by message alone. */
  generic: z.boolean().optional(),
  package: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  /** What `githubUrl` points at: the commit analyzed or named by the package's metadata, or the version's tag (a guess: nothing checks the tag exists). */
  permalinkBasis: z.enum(['commit', 'tag']).optional(),
  provenance: z.record(z.string(), provenanceValue).optional(),
});

export type ErrRecord = z.infer<typeof RecordSchema>;

/** One entry of a published dataset: the record plus the dataset version it belongs to. */
export const DatasetEntrySchema = z.object({ record: RecordSchema, datasetVersion: z.string() });

export function recordJsonSchema(): unknown {
  return z.toJSONSchema(RecordSchema, { target: 'draft-2020-12' });
}
