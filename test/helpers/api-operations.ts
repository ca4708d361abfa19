/**
 * The API as the served `/openapi.json` describes it, for tests that drive every operation without naming them
 * (routes added later are covered automatically), and a pool of realistic values (ids, names, cursors) harvested
 * from the answers, so generated requests hit rows that exist.
 */
import type { TestApp } from './test-app.js';
import type { JsonSchema } from './json-schema-arbitrary.js';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/sites/{site_id}`. */
  path: string;
  operationId: string;
  stability: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Media types of a file body (routes that take an upload instead of JSON). */
  upload?: string[];
  responses: Record<string, { content?: Record<string, MediaType> }>;
  isPublic: boolean;
}

export interface ApiDoc {
  openapi: string;
  components: { schemas: Record<string, JsonSchema> };
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

/** Every operation of the served document, in document order. */
export async function loadOperations(t: TestApp): Promise<{ doc: ApiDoc; operations: Operation[] }> {
  const res = await t.http.get('/openapi.json');
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
  const doc = res.body as ApiDoc;
  const operations: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(ops)) {
      const op = raw as {
        operationId: string;
        'x-stability': string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, MediaType> };
        responses: Operation['responses'];
        security?: unknown[];
      };
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema;
      operations.push({
        method,
        path,
        operationId: op.operationId,
        stability: op['x-stability'],
        parameters: op.parameters ?? [],
        body,
        upload: body === undefined && Object.keys(content).length ? Object.keys(content) : undefined,
        responses: op.responses,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return { doc, operations };
}

/** The media types an operation answers `status` with (falling back to `default`). */
export function documentedResponse(op: Operation, status: number) {
  return op.responses[String(status)] ?? op.responses.default;
}

export const isEventStream = (op: Operation) =>
  Object.values(op.responses).some((r) => r.content && 'text/event-stream' in r.content);

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');

type Primitive = string | number;

/** Values seen in answers, by field name, in the order first seen. */
export class ValuePool {
  private readonly values = new Map<string, Primitive[]>();
  /** Objects seen, as their primitive fields (and lists of primitives): values that belong together. */
  private readonly records: Record<string, Primitive | Primitive[]>[] = [];

  add(key: string, value: unknown): void {
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) return;
    } else if (typeof value !== 'string' || value.length === 0 || value.length > 300) return;
    const list = this.values.get(key) ?? [];
    if (list.length < 40 && !list.includes(value)) list.push(value);
    this.values.set(key, list);
  }

  get(key: string): Primitive[] {
    return this.values.get(key) ?? [];
  }

  /**
   * Combinations of `names` taken from one object each (`{ name: 'pages', formats: ['csv', 'json'] }` gives
   * name+format pairs), for parameters that only make sense together.
   */
  combos(names: string[]): Record<string, Primitive>[] {
    const out: Record<string, Primitive>[] = [];
    for (const record of this.records) {
      let partial: Record<string, Primitive>[] = [{}];
      for (const name of names) {
        const value = record[name] ?? record[`${name}s`];
        if (value === undefined) {
          partial = [];
          break;
        }
        const options = Array.isArray(value) ? value : [value];
        partial = partial.flatMap((p) => options.map((v) => ({ ...p, [name]: v })));
      }
      out.push(...partial);
      if (out.length > 100) break;
    }
    return out;
  }

  keys(): string[] {
    return [...this.values.keys()];
  }

  /**
   * Walks a JSON answer: `x_id` fields, `id`s named after the list or object holding them (`/sites` items →
   * `site_id`, `page: { id }` → `page_id`), plain fields by name, and `next_cursor` as a `cursor`.
   */
  harvest(json: unknown, holder?: string): void {
    if (Array.isArray(json)) {
      for (const item of json) {
        if (item !== null && typeof item === 'object') this.harvest(item, holder && singular(holder));
        else if (holder) this.add(singular(holder), item);
      }
      return;
    }
    if (json === null || typeof json !== 'object') return;
    const record: Record<string, Primitive | Primitive[]> = {};
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') record[key] = value;
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
        record[key] = value as Primitive[];
    }
    // A listed item's id under its path name too, so `/sites/{site_id}/extractors/{extractor_id}` gets pairs.
    if (holder && record.id !== undefined) record[`${holder}_id`] ??= record.id;
    if (Object.keys(record).length > 1 && this.records.length < 5000) this.records.push(record);
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
      if (key === 'id' && holder) this.add(`${holder}_id`, value);
      else if (key === 'next_cursor') this.add('cursor', value);
      else if (value !== null && typeof value === 'object') this.harvest(value, key);
      else this.add(key, value);
    }
  }

  /**
   * Harvests an answer of `<path>`: a list's item ids are named after the path's last word (`/sites` →
   * `site_id`), and a `Location` (`/jobs/7`, `/api/campaigns/3`) names the id of what was created.
   */
  harvestAnswer(path: string, json: unknown, location?: string): void {
    const last =
      path
        .split('/')
        .filter((s) => s && !s.startsWith('{'))
        .pop() ?? '';
    const items = (json as { items?: unknown })?.items;
    this.harvest(json, undefined);
    if (Array.isArray(items)) this.harvest(items, last.replace(/-/g, '_'));
    const created = location ? /\/([\w-]+)\/(\d+)$/.exec(location) : null;
    if (created) this.add(`${singular(created[1]!.replace(/-/g, '_'))}_id`, Number(created[2]));
  }
}

/** `/sites/{site_id}` with `{ site_id: 3 }` → `/sites/3`, each value percent-encoded. */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name])));
}

/**
 * Fills the pool by reading every GET operation with a JSON answer schema (data, not `/openapi.json`) whose
 * path parameters the pool can already resolve; two rounds, so ids found in lists open the detail routes.
 */
export async function seedPool(t: TestApp, operations: Operation[], pool: ValuePool): Promise<void> {
  const gets = operations.filter(
    (op) => op.method === 'get' && op.responses['200']?.content?.['application/json']?.schema,
  );
  for (let round = 0; round < 2; round++) {
    for (const op of gets) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const requiredQuery = op.parameters.filter((p) => p.in === 'query' && p.required);
      const values: Record<string, unknown> = {};
      let resolvable = true;
      for (const p of [...pathParams, ...requiredQuery]) {
        const candidates = pool.get(p.name);
        if (!candidates.length) resolvable = false;
        values[p.name] = candidates[0];
      }
      if (!resolvable) continue;
      const query = new URLSearchParams(
        requiredQuery.map((p): [string, string] => [p.name, String(values[p.name])]),
      );
      const res = await t.get(`${fillPath(op.path, values)}${query.size ? `?${query}` : ''}`);
      if (res.status === 200 && /json/.test(String(res.headers['content-type']))) {
        pool.harvestAnswer(op.path, res.body);
      }
    }
  }
}
