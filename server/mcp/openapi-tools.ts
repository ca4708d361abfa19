/**
 * MCP tools generated from `/openapi.json`, so a tool is never written twice: one per API operation, named after
 * its `operationId` (`sites.list` → `sites_list`), its input the operation's path and query parameters and JSON
 * body merged into one object, its annotations read from the operation's method, `x-stability` and
 * `x-destructive`. Pure: it reads the document and nothing else, so the stdio command can build the same tools
 * from a running server's document.
 */

/** A JSON Schema object as the OpenAPI document spells it. */
export type JsonSchema = Record<string, unknown>;

/** Tool annotations (MCP `ToolAnnotations`): hints for a client deciding what to ask its user before a call. */
export interface ToolHints {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolSpec {
  name: string;
  operationId: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  /** The 2xx JSON answer's schema, when it is an object; absent for downloads and empty answers. */
  outputSchema?: JsonSchema & { type: 'object' };
  annotations: ToolHints;
  method: string;
  /** OpenAPI form: `/sites/{site_id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Tool argument → body field (they differ only for a body field named like a parameter: `body_<name>`). */
  bodyFields: Record<string, string>;
  /** The body is not an object with properties: the whole body is the `body` argument. */
  wholeBody: boolean;
  hasBody: boolean;
  /** Takes `limit`/`cursor`: the tool defaults `limit` to {@link DEFAULT_LIMIT}. */
  paged: boolean;
  /** Answers 202 with a job. */
  startsJob: boolean;
  /** Answers a file (CSV, XLSX, PDF…), not JSON. */
  download: boolean;
  /** The body is a file: the media types the operation takes (the tool takes `file_text` or `file_base64`). */
  upload: string[] | null;
}

/** A page size that fits a model's context; the API's own default (100) is made for programs. */
export const DEFAULT_LIMIT = 20;
/** Above this many characters of JSON a result is cut (lists: to fewer items, with the next cursor). */
export const MAX_RESULT_CHARS = 50_000;

/**
 * Operations that are no tools, and why:
 * - `proxy.call` runs other API calls, which are tools of their own;
 * - `system.openapi` is the document these tools are made from (a client has them as the tool list; it is
 *   ~200 KB, too big for a model's context);
 * - event streams (`jobs.events`) never end, and a tool call must.
 * Uploads (`analytics.gscImport`) are tools whose file comes as text or base64 in the arguments. The UI's files
 * are no operations at all.
 */
export function excludedReason(op: Operation): string | null {
  if (op.operationId === 'proxy.call') return 'runs other API calls, which are tools of their own';
  if (op.operationId === 'system.openapi') return 'is the document the tools are made from';
  const contentTypes = successContentTypes(op);
  if (contentTypes.includes('text/event-stream')) return 'is an event stream, which never ends';
  return null;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  'x-stability'?: string;
  /** Set on operations that are destructive though not a DELETE (`PATCH /settings`). */
  'x-destructive'?: boolean;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const REF_PREFIX = '#/components/schemas/';

function successContentTypes(op: Operation): string[] {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, r]) => Object.keys(r.content ?? {}));
}

/** Every component a schema reaches through `$ref`, transitively. */
function reachableRefs(schema: unknown, components: Record<string, JsonSchema>, seen = new Set<string>()) {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
        const name = value.slice(REF_PREFIX.length);
        if (!seen.has(name) && components[name]) {
          seen.add(name);
          walk(components[name]);
        }
      } else walk(value);
    }
  };
  walk(schema);
  return seen;
}

/** A deep copy with `#/components/schemas/X` refs pointing at `#/$defs/X`, where a tool schema carries them. */
function rewriteRefs<T>(node: T): T {
  // A JSON round trip of JSON keeps its shape: only `$ref` strings change.
  return JSON.parse(
    JSON.stringify(node, (key, value: unknown) =>
      key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)
        ? `#/$defs/${value.slice(REF_PREFIX.length)}`
        : value,
    ),
  ) as T;
}

/** The schema a top-level `$ref` names (one level: component schemas are not refs themselves). */
function deref(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) return components[ref.slice(REF_PREFIX.length)];
  return schema;
}

/** Adds `$defs` for whatever the schema refers to; none when it refers to nothing. */
function withDefs<T extends JsonSchema>(schema: T, components: Record<string, JsonSchema>): T {
  const names = [...reachableRefs(schema, components)].sort();
  const out = rewriteRefs(schema);
  if (!names.length) return out;
  return { ...out, $defs: Object.fromEntries(names.map((n) => [n, rewriteRefs(components[n]!)])) };
}

const isObjectType = (s: JsonSchema | undefined): s is JsonSchema & { type: 'object' } =>
  s?.type === 'object';

const isObjectSchema = (
  s: JsonSchema | undefined,
): s is JsonSchema & { properties: Record<string, JsonSchema> } =>
  Boolean(s && s.type === 'object' && s.properties && typeof s.properties === 'object');

function hintsFor(method: string, stability: string, title: string, destructive: boolean): ToolHints {
  const read = method === 'get';
  const internal = stability === 'internal';
  return {
    title,
    // A GET changes nothing in this API whatever its stability; internal writes start or change jobs and data.
    readOnlyHint: read,
    destructiveHint: method === 'delete' || destructive,
    idempotentHint: read || (!internal && (method === 'put' || method === 'delete')),
    // Tools act on the local database; only a crawl (or a Search Console sync) reaches the web, and it was
    // configured before.
    openWorldHint: false,
  };
}

/** The media types of a file body; null when the operation takes none. */
function uploadTypes(op: Operation): string[] | null {
  const types = Object.keys(op.requestBody?.content ?? {}).filter((t) => t !== 'application/json');
  return types.length ? types : null;
}

/** A file in JSON arguments: text as it is, anything else as base64, with its media type. */
function uploadProperties(types: string[]): Record<string, JsonSchema> {
  return {
    file_text: { type: 'string', description: 'The file, when it is text (e.g. a CSV), as it is.' },
    file_base64: { type: 'string', description: 'The file, when it is binary (e.g. a zip), in base64.' },
    content_type: {
      type: 'string',
      enum: types,
      description: `The file's media type (default ${types.includes('text/csv') ? 'text/csv for file_text' : types[0]}, application/octet-stream for file_base64).`,
    },
  };
}

function describe(
  op: Operation,
  tool: Pick<ToolSpec, 'paged' | 'startsJob' | 'download' | 'upload'>,
  stability: string,
) {
  const parts = [op.summary ?? op.operationId];
  if (op.description) parts.push(op.description);
  if (tool.paged) {
    parts.push(
      `Paged: answers up to \`limit\` items (${DEFAULT_LIMIT} unless given) and \`next_cursor\`; pass it as \`cursor\` for the next page.`,
    );
  }
  if (tool.startsJob)
    parts.push(
      'Starts a background job and returns the job at once; follow it with `jobs_get` {"job_id": …}.',
    );
  if (tool.download) {
    parts.push(
      `Returns a text file's first ${MAX_RESULT_CHARS.toLocaleString('en')} characters; binary formats (xlsx, pdf) are described (type and size), not returned.`,
    );
  }
  if (tool.upload) {
    parts.push(
      'The file goes in `file_text` (a text file as it is) or `file_base64` (a binary file), not both.',
    );
  }
  if (stability !== 'stable') parts.push(`API stability: ${stability}.`);
  return parts.join('\n\n');
}

function toolFor(
  method: string,
  path: string,
  op: Operation,
  components: Record<string, JsonSchema>,
): ToolSpec {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const pathParams: string[] = [];
  const queryParams: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    (p.in === 'path' ? pathParams : queryParams).push(p.name);
    let schema: JsonSchema = { ...(p.schema ?? {}) };
    if (p.description && !schema.description) schema.description = p.description;
    if (p.name === 'limit' && p.in === 'query') {
      const max = typeof schema.maximum === 'number' ? ` (the API allows up to ${schema.maximum})` : '';
      schema = {
        ...schema,
        default: DEFAULT_LIMIT,
        description: `Page size: ${DEFAULT_LIMIT} unless given${max}.`,
      };
    }
    properties[p.name] = schema;
    if (p.in === 'path' || p.required) required.push(p.name);
  }

  const bodyFields: Record<string, string> = {};
  const jsonBody = op.requestBody?.content?.['application/json']?.schema;
  const body = deref(jsonBody, components);
  let wholeBody = false;
  if (jsonBody && isObjectSchema(body)) {
    // The document's JSON Schema, which the app builds from zod: `required` lists property names.
    const bodyRequired = new Set(
      op.requestBody?.required ? ((body.required as string[] | undefined) ?? []) : [],
    );
    for (const [field, schema] of Object.entries(body.properties)) {
      // A body field named like a parameter keeps the parameter's name for the parameter.
      const arg = field in properties ? `body_${field}` : field;
      bodyFields[arg] = field;
      properties[arg] = schema;
      if (bodyRequired.has(field)) required.push(arg);
    }
  } else if (jsonBody) {
    wholeBody = true;
    properties.body = jsonBody;
    if (op.requestBody?.required) required.push('body');
  }
  const upload = jsonBody ? null : uploadTypes(op);
  if (upload) Object.assign(properties, uploadProperties(upload));

  const stability = op['x-stability'] ?? 'stable';
  const contentTypes = successContentTypes(op);
  const download = contentTypes.some((t) => t !== 'application/json');
  const startsJob = Boolean(op.responses?.['202']);
  const paged = queryParams.includes('limit') && queryParams.includes('cursor');
  const output = deref(
    Object.entries(op.responses ?? {}).find(
      ([s, r]) => s.startsWith('2') && r.content?.['application/json'],
    )?.[1].content?.['application/json']?.schema,
    components,
  );

  const inputSchema = withDefs(
    {
      type: 'object' as const,
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties: false,
    },
    components,
  );
  const flags = { paged, startsJob, download, upload };
  return {
    name: op.operationId.replace(/\./g, '_'),
    operationId: op.operationId,
    description: describe(op, flags, stability),
    inputSchema,
    ...(!download && isObjectType(output) ? { outputSchema: withDefs(output, components) } : {}),
    annotations: hintsFor(method, stability, op.summary ?? op.operationId, op['x-destructive'] === true),
    method: method.toUpperCase(),
    path,
    pathParams,
    queryParams,
    bodyFields,
    wholeBody,
    hasBody: Boolean(jsonBody),
    ...flags,
  };
}

/** One tool per operation the document describes, less the {@link excludedReason} ones, in document order. */
export function openApiTools(doc: OpenApiDoc): ToolSpec[] {
  const components = doc.components?.schemas ?? {};
  const tools: ToolSpec[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method) || excludedReason(op)) continue;
      tools.push(toolFor(method, path, op, components));
    }
  }
  return tools;
}
