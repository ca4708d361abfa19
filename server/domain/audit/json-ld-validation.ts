/**
 * JSON-LD checked against the properties Google requires (rich-results.ts), as the Rich Results Test reads a
 * page: every block of the page together, so an `@id` reference in one block finds its entity in another.
 *
 * - Items are a block's top-level value, the members of a top-level array and of `@graph`. An item whose `@type`
 *   (a name, an array of names, or a schema.org IRI) is a rich-result type is checked against each of its types.
 * - Inside an item, only the properties its page defines are followed (`Product.offers` → `Offer`): an entity
 *   nested elsewhere (`Offer.itemOffered` → `Product`) is not an item, so it owes nothing.
 * - A value `{ "@id": … }` stands for the entity the page defines with that id. An entity that some item's nested
 *   property names by reference is checked as nested there, not again as an item (a `Review` in `@graph` that a
 *   `Product.review` points at does not need `itemReviewed`).
 * - Blocks that do not parse are reported with their error; blocks the crawl cut (`truncated`) cannot be read
 *   and are left out.
 */
import type { EvidenceOf } from '../../schemas/audit-terms.js';
import type { JsonLdBlock } from '../../store/repos/pages-repo.js';
import { RICH_RESULT_ALIASES, RICH_RESULTS, type RichResultRule } from './rich-results.js';

type Json = Record<string, unknown>;
export type BlockFinding = EvidenceOf<'json_ld'>['blocks'][number];
export type MissingProperty = BlockFinding['missing'][number];

const EXCERPT_CHARS = 500;
const MAX_MISSING = 20;
/** Hostile or generated markup: entities looked at per page, and how deep nested rules are followed. */
const MAX_NODES = 50_000;
const MAX_DEPTH = 8;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const values = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** A value Google would count: not null, not blank text, not an empty list. */
function present(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.some(present);
  return true;
}

/** `Product`, `https://schema.org/Product` and `schema:Product` are one type. */
function typesOf(entity: Json): string[] {
  return values(entity['@type'])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.trim().replace(/^(?:https?:\/\/schema\.org\/|schema:)/, ''));
}

/** The rule a type is checked by; own keys only, so `"@type": "constructor"` names nothing. */
const ruleName = (type: string): string | undefined =>
  Object.hasOwn(RICH_RESULTS, type)
    ? type
    : Object.hasOwn(RICH_RESULT_ALIASES, type)
      ? RICH_RESULT_ALIASES[type]
      : undefined;

/** Only `@id` (and perhaps `@context`): a pointer to an entity defined elsewhere. */
const isReference = (v: Json): boolean =>
  typeof v['@id'] === 'string' && Object.keys(v).every((k) => k === '@id' || k === '@context');

/** The page's JSON-LD as one graph: its entities by `@id`. */
class Graph {
  private index: Map<string, Json> | null = null;

  constructor(private readonly roots: readonly unknown[]) {}

  /** Built on the first reference: most pages never need it. */
  private byId(): Map<string, Json> {
    if (this.index !== null) return this.index;
    const index = (this.index = new Map<string, Json>());
    const pending = [...this.roots];
    for (let seen = 0; pending.length > 0 && seen < MAX_NODES; seen++) {
      const v = pending.pop();
      if (Array.isArray(v)) for (const x of v) pending.push(x);
      else if (isObject(v)) {
        const id = v['@id'];
        if (typeof id === 'string' && !index.has(id) && !isReference(v)) index.set(id, v);
        for (const key in v) {
          const child = v[key];
          if (child !== null && typeof child === 'object') pending.push(child);
        }
      }
    }
    return index;
  }

  /** The entity a value stands for: itself, the entity it references, or null when that is not on the page. */
  resolve(v: Json): Json | null {
    return isReference(v) ? (this.byId().get(v['@id'] as string) ?? null) : v;
  }

  /** Whether the dotted property path has a value (`location.address`); an unknown reference counts as one. */
  has(entity: Json, path: string): boolean {
    const [head, ...rest] = path.split('.');
    const v = entity[head!];
    if (rest.length === 0) return present(v);
    return values(v).some((x) => {
      if (!isObject(x)) return false;
      const target = this.resolve(x);
      return target === null || this.has(target, rest.join('.'));
    });
  }
}

interface Item {
  entity: Json;
  path: string;
}

/** A block's items: its top-level value, the members of a top-level array, and of `@graph`. */
function itemsOf(data: unknown): Item[] {
  const roots: Item[] = Array.isArray(data)
    ? data.map((entity, i) => ({ entity, path: `$[${i}]` })).filter((r): r is Item => isObject(r.entity))
    : isObject(data)
      ? [{ entity: data, path: '$' }]
      : [];
  const items: Item[] = [];
  for (const root of roots) {
    items.push(root);
    values(root.entity['@graph']).forEach((entity, i) => {
      if (isObject(entity)) items.push({ entity, path: `${root.path}['@graph'][${i}]` });
    });
  }
  return items;
}

/** Checks one entity against one rule and follows the rule's nested properties. */
class Checker {
  readonly missing: MissingProperty[] = [];
  private readonly visited = new Set<Json>();

  constructor(private readonly graph: Graph) {}

  check(entity: Json, name: string, path: string, where: { item: boolean; last: boolean }, depth = 0): void {
    const rule = RICH_RESULTS[name]!;
    const report = (property: string, reason: string) =>
      this.missing.push({ type: name, path, property, reason, source: rule.source });
    const need = (groups: RichResultRule['required'] | undefined) => {
      for (const alternatives of groups ?? [])
        if (!alternatives.some((p) => this.graph.has(entity, p)))
          report(alternatives.join(' or '), 'missing');
    };
    need(rule.required);
    if (where.item) need(rule.requiredOfItem);
    if (!where.last) need(rule.requiredButLast);
    for (const [property, min] of Object.entries(rule.minValues ?? {})) {
      const n = values(entity[property]).filter(present).length;
      if (n > 0 && n < min) report(property, `at least ${min} values needed, found ${n}`);
    }
    if (depth >= MAX_DEPTH) return;
    for (const [property, names] of Object.entries(rule.nested ?? {})) {
      const list = values(entity[property]);
      const last = lastIndex(list);
      list.forEach((value, i) => {
        if (!isObject(value)) return;
        const target = this.graph.resolve(value);
        if (target === null || this.visited.has(target)) return;
        const types = typesOf(target);
        const own = types.length === 0 ? names[0] : names.find((n) => types.includes(n));
        if (own === undefined) return;
        this.visited.add(target);
        const at = Array.isArray(entity[property]) ? `${path}.${property}[${i}]` : `${path}.${property}`;
        this.check(target, own, at, { item: false, last: i === last }, depth + 1);
      });
    }
  }
}

/** The index of the last element of a list in its `position` order (its order on the page without positions). */
function lastIndex(list: readonly unknown[]): number {
  let best = list.length - 1;
  let max = -Infinity;
  list.forEach((v, i) => {
    const position = isObject(v) ? Number(v.position) : NaN;
    if (Number.isFinite(position) && position >= max) {
      max = position;
      best = i;
    }
  });
  return best;
}

/** Entities some item's nested property names by reference: they are checked there, as nested. */
function nestedReferences(items: readonly Item[]): Set<string> {
  const ids = new Set<string>();
  for (const { entity } of items) {
    for (const type of typesOf(entity)) {
      const name = ruleName(type);
      for (const property of Object.keys((name && RICH_RESULTS[name]!.nested) || {}))
        for (const v of values(entity[property]))
          if (isObject(v) && isReference(v)) ids.add(v['@id'] as string);
    }
  }
  return ids;
}

/** The blocks of a page that Google would reject, each with what is wrong; empty when all pass. */
export function checkJsonLd(blocks: readonly JsonLdBlock[]): BlockFinding[] {
  const parsed = blocks.map((b) => {
    if (b.error !== null || b.truncated) return undefined;
    try {
      return JSON.parse(b.text) as unknown;
    } catch {
      return undefined; // parsed at crawl time already: only a database edited by hand gets here
    }
  });
  const graph = new Graph(parsed.filter((d) => d !== undefined));
  const itemsByBlock = parsed.map((d) => (d === undefined ? [] : itemsOf(d)));
  const nested = nestedReferences(itemsByBlock.flat());
  const findings: BlockFinding[] = [];
  blocks.forEach((block, b) => {
    const checker = new Checker(graph);
    for (const { entity, path } of itemsByBlock[b]!) {
      if (typeof entity['@id'] === 'string' && nested.has(entity['@id'])) continue;
      for (const type of typesOf(entity)) {
        const name = ruleName(type);
        if (name !== undefined && RICH_RESULTS[name]!.item)
          checker.check(entity, name, path, { item: true, last: false });
      }
    }
    if (block.error === null && checker.missing.length === 0) return;
    findings.push({
      index: b + 1,
      text: block.text.slice(0, EXCERPT_CHARS),
      error: block.error,
      missing: checker.missing.slice(0, MAX_MISSING),
    });
  });
  return findings;
}
