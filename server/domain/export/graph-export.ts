/**
 * The internal link graph as a file for Gephi and Cytoscape desktop (GEXF 1.3, GraphML) or as JSON, streamed:
 * nodes then edges, each read a page at a time. Text from crawled pages is escaped for XML, and characters XML
 * cannot carry at all are dropped, so a hostile title cannot break the file. A chunk of rows leaves as a few
 * writes of about 64 K characters, never joined into one string (2,000 titles of megabytes would not fit).
 */
import type { Store } from '../../store/index.js';
import { EDGE_KINDS } from '../../schemas/crawl.js';
import { gathered } from './json-pieces.js';

export type GraphFormat = 'gexf' | 'graphml' | 'json';
const CHUNK = 2000;

// eslint-disable-next-line no-control-regex
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
export function xmlEscape(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const tick = () => new Promise((r) => setImmediate(r));

async function* nodes(store: Store, siteId: number) {
  let after = 0;
  for (;;) {
    const rows = store.graph.siteNodes(siteId, after, CHUNK);
    if (rows.length) yield rows;
    if (rows.length < CHUNK) return;
    after = rows.at(-1)!.id;
    await tick();
  }
}

async function* edges(store: Store, siteId: number) {
  let after = 0;
  for (;;) {
    const rows = store.graph.edges(siteId, [...EDGE_KINDS], after, CHUNK);
    if (rows.length) yield rows;
    if (rows.length < CHUNK) return;
    after = rows.at(-1)!.id;
    await tick();
  }
}

export async function* graphFile(store: Store, siteId: number, format: GraphFormat): AsyncGenerator<string> {
  const clusters = store.similarity.clusterOfPages(siteId);
  if (format === 'json') {
    yield '{"nodes":[';
    let first = true;
    for await (const chunk of nodes(store, siteId)) {
      yield* gathered(
        chunk.map(
          (n, i) =>
            (first && i === 0 ? '' : ',') +
            JSON.stringify({ ...n, orphan: undefined, cluster_id: clusters.get(n.id) ?? null }),
        ),
      );
      first = false;
    }
    yield '],"edges":[';
    first = true;
    for await (const chunk of edges(store, siteId)) {
      yield* gathered(
        chunk.map(
          (e, i) =>
            (first && i === 0 ? '' : ',') +
            JSON.stringify({
              id: e.id,
              source: e.source_id,
              target: e.target_id,
              edge_kind: e.edge_kind,
              anchor_text: e.anchor_text,
              nofollow: e.nofollow === 1,
              count: e.count,
            }),
        ),
      );
      first = false;
    }
    yield ']}\n';
    return;
  }
  if (format === 'gexf') {
    yield `<?xml version="1.0" encoding="UTF-8"?>
<gexf xmlns="http://gexf.net/1.3" version="1.3">
<meta><creator>Siteloupe</creator><description>Internal link graph</description></meta>
<graph defaultedgetype="directed" mode="static">
<attributes class="node"><attribute id="url" title="url" type="string"/><attribute id="status" title="status_code" type="integer"/><attribute id="depth" title="depth" type="integer"/><attribute id="inlinks" title="inlinks" type="integer"/><attribute id="cluster" title="cluster_id" type="integer"/></attributes>
<attributes class="edge"><attribute id="kind" title="edge_kind" type="string"/><attribute id="anchor" title="anchor_text" type="string"/><attribute id="nofollow" title="nofollow" type="boolean"/></attributes>
<nodes>\n`;
    for await (const chunk of nodes(store, siteId)) {
      yield* gathered(
        chunk.map(
          (n) =>
            `<node id="${n.id}" label="${xmlEscape(n.title ?? n.url)}"><attvalues><attvalue for="url" value="${xmlEscape(n.url)}"/>` +
            (n.status_code === null ? '' : `<attvalue for="status" value="${n.status_code}"/>`) +
            (n.depth === null ? '' : `<attvalue for="depth" value="${n.depth}"/>`) +
            `<attvalue for="inlinks" value="${n.inlinks}"/>` +
            (clusters.has(n.id) ? `<attvalue for="cluster" value="${clusters.get(n.id)}"/>` : '') +
            `</attvalues></node>\n`,
        ),
      );
    }
    yield '</nodes>\n<edges>\n';
    for await (const chunk of edges(store, siteId)) {
      yield* gathered(
        chunk.map(
          (e) =>
            `<edge id="${e.id}" source="${e.source_id}" target="${e.target_id}" weight="${e.count}"><attvalues><attvalue for="kind" value="${e.edge_kind}"/><attvalue for="anchor" value="${xmlEscape(e.anchor_text)}"/><attvalue for="nofollow" value="${e.nofollow === 1}"/></attvalues></edge>\n`,
        ),
      );
    }
    yield '</edges>\n</graph>\n</gexf>\n';
    return;
  }
  yield `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="label" for="node" attr.name="label" attr.type="string"/>
<key id="url" for="node" attr.name="url" attr.type="string"/>
<key id="status" for="node" attr.name="status_code" attr.type="int"/>
<key id="depth" for="node" attr.name="depth" attr.type="int"/>
<key id="inlinks" for="node" attr.name="inlinks" attr.type="int"/>
<key id="cluster" for="node" attr.name="cluster_id" attr.type="int"/>
<key id="kind" for="edge" attr.name="edge_kind" attr.type="string"/>
<key id="anchor" for="edge" attr.name="anchor_text" attr.type="string"/>
<key id="nofollow" for="edge" attr.name="nofollow" attr.type="boolean"/>
<key id="count" for="edge" attr.name="count" attr.type="int"/>
<graph id="links" edgedefault="directed">\n`;
  for await (const chunk of nodes(store, siteId)) {
    yield* gathered(
      chunk.map(
        (n) =>
          `<node id="n${n.id}"><data key="label">${xmlEscape(n.title ?? n.url)}</data><data key="url">${xmlEscape(n.url)}</data>` +
          (n.status_code === null ? '' : `<data key="status">${n.status_code}</data>`) +
          (n.depth === null ? '' : `<data key="depth">${n.depth}</data>`) +
          `<data key="inlinks">${n.inlinks}</data>` +
          (clusters.has(n.id) ? `<data key="cluster">${clusters.get(n.id)}</data>` : '') +
          `</node>\n`,
      ),
    );
  }
  for await (const chunk of edges(store, siteId)) {
    yield* gathered(
      chunk.map(
        (e) =>
          `<edge id="e${e.id}" source="n${e.source_id}" target="n${e.target_id}"><data key="kind">${e.edge_kind}</data><data key="anchor">${xmlEscape(e.anchor_text)}</data><data key="nofollow">${e.nofollow === 1}</data><data key="count">${e.count}</data></edge>\n`,
      ),
    );
  }
  yield '</graph>\n</graphml>\n';
}
