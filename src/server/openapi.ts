// The OpenAPI 3.1 document of the JSON API, built from the service's zod schemas (z.toJSONSchema):
// what /openapi.json serves and the reference page renders.

import { z } from 'zod';
import { MAX_INPUT_BYTES } from '../service/explain.js';
import { ErrorSchema, ExplainJsonSchema, RecordsSchema, SearchResultSchema, StatsSchema, TreeDetailSchema, TreesSchema } from '../service/schemas.js';
import { MAX_LIMIT } from '../service/search.js';

const SCHEMAS = {
  ExplainResult: ExplainJsonSchema, Records: RecordsSchema, SearchResult: SearchResultSchema, Trees: TreesSchema, TreeDetail: TreeDetailSchema, Stats: StatsSchema,
  Error: ErrorSchema,
};

export const ExplainRequestSchema = z.object({
  text: z.string().describe('An error message, a stack trace or a whole log'),
  limit: z.number().int().min(1).max(50).optional().describe('Hits per error (default 5)'),
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const err = (description: string) => json('Error', description);
const q = (name: string, description: string, schema: object = { type: 'string' }) => ({ name, in: 'query', required: false, description, schema });
const PAGE = [q('limit', `Records a page (1-${MAX_LIMIT}, default 20)`, { type: 'integer', minimum: 1, maximum: MAX_LIMIT }), q('cursor', 'The nextCursor of the previous page')];
const UNUSABLE = { 503: err('The index cannot be read (missing, corrupt, another schema), or the server is busy') };

export interface OperationDoc {
  method: string;
  path: string;
  summary: string;
}

function toJsonSchema(s: z.ZodType): object {
  const out = z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

export function openApiDocument(version: string): Record<string, unknown> {
  const schemas: Record<string, object> = {};
  for (const [name, s] of Object.entries(SCHEMAS)) schemas[name] = toJsonSchema(s);
  schemas.ExplainRequest = toJsonSchema(ExplainRequestSchema);
  return {
    openapi: '3.1.0',
    info: { title: 'errdex', version, description: 'An error index built from source code: explain a message, trace or log; look records up; search them.' },
    paths: {
      '/v1/explain': {
        post: {
          summary: 'Explain an error message, a stack trace or a log (the shape of `errdex explain --json`)',
          requestBody: {
            required: true,
            description: `The text as the body (text/plain), or JSON {text, limit}; at most ${MAX_INPUT_BYTES} bytes`,
            content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: ref('ExplainRequest') } },
          },
          responses: { 200: json('ExplainResult', 'Ranked hits per error, and their records'), 400: err('Empty or malformed input'), 413: err('Input over the size limit'), ...UNUSABLE },
        },
      },
      '/v1/records/{id}': {
        get: {
          summary: 'A record by id (one per analyzed tree that holds it)',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{16}$' } }],
          responses: { 200: json('Records', 'The records with this id'), 400: err('Not a record id'), 404: err('No record with this id'), ...UNUSABLE },
        },
      },
      '/v1/search': {
        get: {
          summary: 'Records by words (messages, classes, codes, file paths, symbols) and filters, a page at a time',
          parameters: [q('q', 'Words, all of which must occur (the last also as a prefix)'), q('language', 'The record\'s language (a language pack\'s id)'), q('type', 'The record\'s errorType'),
            q('class', 'The error class'), q('file', 'Part of the file path'), q('repo', 'The tree\'s repo'), q('package', 'The tree\'s package'), ...PAGE],
          responses: { 200: json('SearchResult', 'A page of records'), 400: err('A bad limit or cursor'), ...UNUSABLE },
        },
      },
      '/v1/trees': { get: { summary: 'The analyzed trees', responses: { 200: json('Trees', 'Every tree'), ...UNUSABLE } } },
      '/v1/trees/{name}': {
        get: {
          summary: 'One repo or package: its trees (versions) and its records, a page at a time',
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'A repo (owner/name) or a package name' },
            q('q', 'Words'), q('type', 'errorType'), q('class', 'Error class'), q('file', 'Part of the file path'), ...PAGE],
          responses: { 200: json('TreeDetail', 'The trees and a page of records'), 400: err('A bad limit or cursor'), 404: err('No such repo or package'), ...UNUSABLE },
        },
      },
      '/v1/stats': { get: { summary: 'What the index holds', responses: { 200: json('Stats', 'Counts by language and type, and the trees'), ...UNUSABLE } } },
      '/healthz': { get: { summary: 'Whether the index can be read', responses: { 200: { description: 'ok' }, 503: err('The index cannot be read') } } },
    },
    components: { schemas },
  };
}

/** The operations, for the reference page. */
export function operations(doc: Record<string, unknown>): (OperationDoc & { op: Record<string, unknown> })[] {
  const out: (OperationDoc & { op: Record<string, unknown> })[] = [];
  for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, op] of Object.entries(item)) out.push({ method: method.toUpperCase(), path: p, summary: String(op.summary), op });
  }
  return out;
}
