/**
 * The current view as a picture: PNG straight from cytoscape, SVG written here from the drawn positions and
 * computed styles. No extension for it: `cytoscape-svg` has had no release since 0.4.0 (December
 * 2024), and what an analyst pastes into a report needs boxes, dots, lines and labels, which this writes. Labels
 * come from crawled pages, so every text and attribute is escaped.
 */
import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import { saveBlob } from '../api/download.js';

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const num = (v: unknown, fallback = 0) => {
  const n = Number.parseFloat(String(v));
  return Number.isFinite(n) ? n : fallback;
};
const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** How deep a node is in the compound tree, so boxes are drawn before what they hold. */
const nesting = (n: NodeSingular) => n.ancestors().length;

function shapeSvg(node: NodeSingular): string {
  const { x, y } = node.position();
  const bb = node.isParent() ? node.boundingBox({ includeLabels: false, includeOverlays: false }) : null;
  const w = bb ? bb.w : node.width();
  const h = bb ? bb.h : node.height();
  const cx = bb ? bb.x1 + bb.w / 2 : x;
  const cy = bb ? bb.y1 + bb.h / 2 : y;
  const borderWidth = num(node.style('border-width'));
  const paint =
    `data-id="${escapeXml(node.id())}" ` +
    `fill="${escapeXml(String(node.style('background-color')))}" fill-opacity="${f(num(node.style('background-opacity'), 1) * node.effectiveOpacity())}"` +
    (borderWidth > 0
      ? ` stroke="${escapeXml(String(node.style('border-color')))}" stroke-width="${f(borderWidth)}"` +
        (node.style('border-style') === 'dashed' ? ' stroke-dasharray="4 3"' : '')
      : '');
  const shape = String(node.style('shape'));
  if (shape === 'ellipse')
    return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(w / 2)}" ry="${f(h / 2)}" ${paint}/>`;
  if (shape === 'diamond')
    return `<polygon points="${f(cx)},${f(cy - h / 2)} ${f(cx + w / 2)},${f(cy)} ${f(cx)},${f(cy + h / 2)} ${f(cx - w / 2)},${f(cy)}" ${paint}/>`;
  const r = shape.startsWith('round') ? Math.min(8, w / 4, h / 4) : 0;
  return `<rect x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" ${paint}/>`;
}

function labelSvg(node: NodeSingular): string {
  const text = String(node.data('label') ?? '');
  if (!text) return '';
  const size = num(node.style('font-size'), 10);
  const bb = node.boundingBox({ includeLabels: false, includeOverlays: false });
  const x = bb.x1 + bb.w / 2;
  const valign = String(node.style('text-valign'));
  const lines = text.split('\n');
  const top =
    valign === 'top'
      ? bb.y1 - 4 - (lines.length - 1) * size * 1.2
      : valign === 'center'
        ? (bb.y1 + bb.y2) / 2 - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35
        : bb.y2 + size + 2;
  const weight = String(node.style('font-weight')) === 'bold' ? ' font-weight="bold"' : '';
  return lines
    .map(
      (line, i) =>
        `<text x="${f(x)}" y="${f(top + i * size * 1.2)}" font-size="${f(size)}" text-anchor="middle"${weight} fill="${escapeXml(String(node.style('color')))}" stroke="#ffffff" stroke-width="2" paint-order="stroke">${escapeXml(line)}</text>`,
    )
    .join('');
}

function edgeSvg(edge: EdgeSingular): string {
  const s = edge.sourceEndpoint();
  const t = edge.targetEndpoint();
  const colour = escapeXml(String(edge.style('line-color')));
  const width = num(edge.style('width'), 1);
  const dash = edge.style('line-style') === 'dashed' ? ' stroke-dasharray="6 4"' : '';
  let svg = `<line x1="${f(s.x)}" y1="${f(s.y)}" x2="${f(t.x)}" y2="${f(t.y)}" stroke="${colour}" stroke-width="${f(width)}" stroke-opacity="${f(edge.effectiveOpacity())}"${dash}/>`;
  if (edge.style('target-arrow-shape') !== 'none') {
    const angle = Math.atan2(t.y - s.y, t.x - s.x);
    const len = 6 + width * 1.5;
    const a = (d: number) => `${f(t.x - len * Math.cos(angle + d))},${f(t.y - len * Math.sin(angle + d))}`;
    svg += `<polygon points="${f(t.x)},${f(t.y)} ${a(0.4)} ${a(-0.4)}" fill="${colour}" fill-opacity="${f(edge.effectiveOpacity())}"/>`;
  }
  return svg;
}

/** The drawn graph as an SVG document, in the graph's own coordinates. */
export function graphSvg(cy: Core, title: string): string {
  const box = cy.elements().boundingBox({});
  const pad = 20;
  const nodes: NodeSingular[] = [];
  cy.nodes(':visible').forEach((n) => {
    nodes.push(n);
  });
  // Boxes first (compound parents, and the tree layout's boxes by their z-index), then links, then the rest.
  const isBox = (n: NodeSingular) => n.isParent() || n.hasClass('flat-box');
  const z = (n: NodeSingular) => num(n.style('z-index'));
  nodes.sort((a, b) => nesting(a) - nesting(b) || z(a) - z(b));
  const parents = nodes.filter(isBox);
  const leaves = nodes.filter((n) => !isBox(n));
  const edges: EdgeSingular[] = [];
  cy.edges(':visible').forEach((e) => {
    edges.push(e);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(box.x1 - pad)} ${f(box.y1 - pad)} ${f(box.w + 2 * pad)} ${f(box.h + 2 * pad)}" width="${f(box.w + 2 * pad)}" height="${f(box.h + 2 * pad)}" font-family="system-ui, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="${f(box.x1 - pad)}" y="${f(box.y1 - pad)}" width="${f(box.w + 2 * pad)}" height="${f(box.h + 2 * pad)}" fill="#ffffff"/>`,
    `<g class="groups">${parents.map(shapeSvg).join('')}</g>`,
    `<g class="links">${edges.map(edgeSvg).join('')}</g>`,
    `<g class="nodes">${leaves.map(shapeSvg).join('')}</g>`,
    `<g class="labels">${nodes.map(labelSvg).join('')}</g>`,
    '</svg>',
  ].join('\n');
}

export function exportPng(cy: Core, name: string): void {
  // A large structure stays under what a canvas can hold; small ones get twice the pixels for print.
  const blob = cy.png({
    output: 'blob',
    full: true,
    bg: '#ffffff',
    scale: 2,
    maxWidth: 6000,
    maxHeight: 6000,
  });
  saveBlob(blob, `${name}.png`);
}

export function exportSvg(cy: Core, name: string, title: string): void {
  saveBlob(new Blob([graphSvg(cy, title)], { type: 'image/svg+xml' }), `${name}.svg`);
}
