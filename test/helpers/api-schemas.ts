/**
 * Validates values against the JSON Schemas of the served OpenAPI document with Ajv (draft 2020-12, the
 * dialect of OpenAPI 3.1): an independent check of what the zod schemas claim, not the same code again.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ApiDoc } from './api-operations.js';
import type { JsonSchema } from './json-schema-arbitrary.js';

const BASE = 'https://siteloupe.test/openapi.json';
// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

export class ApiSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly components = new Map<string, JsonSchema>();

  constructor(doc: ApiDoc) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: BASE, components: doc.components });
  }

  private validator(schema: object): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      // Inline schemas point into the document's components; anchor their refs to the registered document.
      const anchored = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}#/components/`),
      );
      fn = this.ajv.compile(anchored as object);
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  /** Null when `value` is valid, else Ajv's errors as one line. */
  errors(schema: JsonSchema, value: unknown): string | null {
    if (typeof schema === 'boolean') return schema ? null : 'the schema accepts nothing';
    const fn = this.validator(schema);
    if (fn(value)) return null;
    return (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
  }

  accepts(schema: JsonSchema, value: unknown): boolean {
    return this.errors(schema, value) === null;
  }

  /** The named component schema, e.g. `Problem`. */
  component(name: string): JsonSchema {
    let ref = this.components.get(name);
    if (!ref) this.components.set(name, (ref = { $ref: `#/components/schemas/${name}` }));
    return ref;
  }
}
