/**
 * The DOM the XPath engine walks, built by parse5 itself. A parse5 tree adapter makes these nodes in place of its
 * plain objects (same fields, so parse5's tree construction and serialiser work on them unchanged), and one pass
 * after the parse adds what the engine reads that parse5 does not keep: sibling links, the owner document and a
 * document-order number. The engine sorts node sets through `compareDocumentPosition`; a W3C DOM answers that by
 * walking ancestors, which was a tenth of a crawl's extraction time with XPath rules, and here it is one comparison.
 * Before this the tree was copied into an @xmldom/xmldom document: twice the parse's allocations for the same nodes.
 */
import { defaultTreeAdapter, html, type DefaultTreeAdapterMap, type TreeAdapter } from 'parse5';

type P5Attr = DefaultTreeAdapterMap['element']['attrs'][number];

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const FOLLOWING = 0x04;
const PRECEDING = 0x02;

/*
 * Fields are assigned in constructors, not declared with initialisers: class fields are defined one
 * `defineProperty` at a time, which made building the nodes cost more than parse5's parse. Constant
 * per-class values (`nodeType`, names) are prototype getters.
 */
export abstract class XNode {
  declare parentNode: XNode | null;
  declare childNodes: XNode[] | undefined;
  declare nextSibling: XNode | null;
  declare previousSibling: XNode | null;
  declare ownerDocument: XDocument | null;
  /** Position in document order, set once the tree is complete. */
  declare order: number;
  /** parse5 appends text a token at a time; a field, not a type test, is what it checks each time. */
  declare readonly isText: boolean;

  constructor(childNodes: XNode[] | undefined, isText = false) {
    this.isText = isText;
    this.parentNode = null;
    this.childNodes = childNodes;
    this.nextSibling = null;
    this.previousSibling = null;
    this.ownerDocument = null;
    this.order = 0;
  }

  abstract get nodeType(): number;
  abstract get nodeName(): string;
  get prefix(): string | null {
    return null;
  }
  get namespaceURI(): string | null {
    return null;
  }
  get firstChild(): XNode | null {
    return this.childNodes?.[0] ?? null;
  }
  get lastChild(): XNode | null {
    return this.childNodes?.[this.childNodes.length - 1] ?? null;
  }
  get localName(): string | null {
    return null;
  }
  get nodeValue(): string | null {
    return null;
  }
  get textContent(): string {
    let out = '';
    const walk = (n: XNode) => {
      for (const c of n.childNodes ?? []) {
        if (c instanceof XText) out += c.value;
        else if (c instanceof XElement) walk(c);
      }
    };
    walk(this);
    return out;
  }
  compareDocumentPosition(other: XNode): number {
    return other.order < this.order ? PRECEDING : FOLLOWING;
  }
  /** The engine's `lang()` asks every node on the way up. */
  getAttributeNS(_ns: string | null, _name: string): string | null {
    return null;
  }
}

export class XDocument extends XNode {
  declare childNodes: XNode[];
  declare mode: html.DOCUMENT_MODE;
  constructor() {
    super([]);
    this.mode = html.DOCUMENT_MODE.NO_QUIRKS;
  }
  get nodeType(): number {
    return 9;
  }
  get nodeName(): string {
    return '#document';
  }
  get documentElement(): XElement | null {
    return (this.childNodes.find((n) => n instanceof XElement) as XElement | undefined) ?? null;
  }
  /** The engine's `id()`. */
  getElementById(id: string): XElement | null {
    const find = (n: XNode): XElement | null => {
      for (const c of n.childNodes ?? []) {
        if (!(c instanceof XElement)) continue;
        if (c.getAttribute('id') === id) return c;
        const hit = find(c);
        if (hit) return hit;
      }
      return null;
    };
    return find(this);
  }
}

export class XFragment extends XNode {
  declare childNodes: XNode[];
  constructor() {
    super([]);
  }
  get nodeType(): number {
    return 11;
  }
  get nodeName(): string {
    return '#document-fragment';
  }
}

export class XText extends XNode {
  declare value: string;
  constructor(value: string) {
    super(undefined, true);
    this.value = value;
  }
  get nodeType(): number {
    return 3;
  }
  get nodeName(): string {
    return '#text';
  }
  override get nodeValue(): string {
    return this.value;
  }
  override get textContent(): string {
    return this.value;
  }
}

export class XComment extends XNode {
  declare data: string;
  constructor(data: string) {
    super(undefined);
    this.data = data;
  }
  get nodeType(): number {
    return 8;
  }
  get nodeName(): string {
    return '#comment';
  }
  override get nodeValue(): string {
    return this.data;
  }
  override get textContent(): string {
    return this.data;
  }
}

export class XDoctype extends XNode {
  declare name: string;
  declare publicId: string;
  declare systemId: string;
  constructor(name: string, publicId: string, systemId: string) {
    super(undefined);
    this.name = name;
    this.publicId = publicId;
    this.systemId = systemId;
  }
  get nodeType(): number {
    return 10;
  }
  get nodeName(): string {
    return '#documentType';
  }
}

export class XAttr extends XNode {
  declare readonly ownerElement: XElement;
  declare private readonly attr: P5Attr;
  constructor(ownerElement: XElement, attr: P5Attr, order: number) {
    super(undefined);
    this.ownerElement = ownerElement;
    this.attr = attr;
    this.order = order;
    this.ownerDocument = ownerElement.ownerDocument;
  }
  get nodeType(): number {
    return 2;
  }
  get nodeName(): string {
    return this.attr.prefix ? `${this.attr.prefix}:${this.attr.name}` : this.attr.name;
  }
  get name(): string {
    return this.nodeName;
  }
  get value(): string {
    return this.attr.value;
  }
  override get prefix(): string | null {
    return this.attr.prefix ?? null;
  }
  override get namespaceURI(): string | null {
    return this.attr.namespace ?? null;
  }
  override get localName(): string {
    return this.attr.name;
  }
  override get nodeValue(): string {
    return this.attr.value;
  }
  override get textContent(): string {
    return this.attr.value;
  }
}

/** The engine reads `attributes.length`, `attributes.item(k)` and, ordering nodes by hand, `attributes[k]`. */
type XAttributes = XAttr[] & { item(k: number): XAttr | null };

function attributeList(nodes: XAttr[]): XAttributes {
  return Object.assign(nodes, { item: (k: number) => nodes[k] ?? null });
}

const NO_ATTRIBUTES = attributeList([]);

export class XElement extends XNode {
  declare childNodes: XNode[];
  declare tagName: string;
  declare private ns: string;
  declare attrs: P5Attr[];
  declare content: XFragment | undefined;
  declare private attributeNodes: XAttributes | undefined;
  constructor(tagName: string, namespaceURI: string, attrs: P5Attr[]) {
    super([]);
    this.tagName = tagName;
    this.ns = namespaceURI;
    this.attrs = attrs;
    this.content = undefined;
    this.attributeNodes = undefined;
  }
  get nodeType(): number {
    return 1;
  }
  get nodeName(): string {
    return this.tagName;
  }
  override get localName(): string {
    return this.tagName;
  }
  override get namespaceURI(): string {
    return this.ns;
  }
  /** Attribute nodes are made on first use: most elements are never asked for theirs. */
  get attributes(): XAttributes {
    if (!this.attributeNodes) {
      const n = this.attrs.length;
      // Between the element and its first child in document order.
      this.attributeNodes = n
        ? attributeList(this.attrs.map((a, i) => new XAttr(this, a, this.order + (i + 1) / (n + 1))))
        : NO_ATTRIBUTES;
    }
    return this.attributeNodes;
  }
  /**
   * For `lang()`: `xml:lang`, and on HTML elements the `lang` attribute, which HTML gives the same meaning, so
   * `//p[lang('fr')]` finds the French paragraphs of an HTML page.
   */
  override getAttributeNS(ns: string | null, name: string): string | null {
    const a = this.attrs.find((x) => x.name === name && (x.namespace ?? null) === ns);
    if (a) return a.value;
    if (ns === XML_NS && name === 'lang' && this.ns === HTML_NS) return this.getAttribute('lang');
    return null;
  }
  getAttribute(name: string): string | null {
    const lower = name.toLowerCase();
    const a = this.attrs.find((x) => (x.prefix ? `${x.prefix}:${x.name}` : x.name).toLowerCase() === lower);
    return a ? a.value : null;
  }
}

type XTreeMap = {
  node: XNode;
  parentNode: XNode;
  childNode: XNode;
  document: XDocument;
  documentFragment: XFragment;
  element: XElement;
  commentNode: XComment;
  textNode: XText;
  template: XElement;
  documentType: XDoctype;
};

const base = defaultTreeAdapter as unknown as TreeAdapter<XTreeMap>;

function append(parent: XNode, node: XNode) {
  parent.childNodes!.push(node);
  node.parentNode = parent;
}

/** parse5's own adapter, making these nodes; text is merged into a preceding text node as parse5 does. */
export const xTreeAdapter: TreeAdapter<XTreeMap> = {
  ...base,
  createDocument: () => new XDocument(),
  createDocumentFragment: () => new XFragment(),
  createElement: (tagName, namespaceURI, attrs) => new XElement(tagName, namespaceURI, attrs),
  createCommentNode: (data) => new XComment(data),
  createTextNode: (value) => new XText(value),
  appendChild: append,
  setDocumentType(document, name, publicId, systemId) {
    const node = document.childNodes.find((n): n is XDoctype => n instanceof XDoctype);
    if (node) Object.assign(node, { name, publicId, systemId });
    else append(document, new XDoctype(name, publicId, systemId));
  },
  insertText(parent, text) {
    const kids = parent.childNodes!;
    const last = kids.length ? kids[kids.length - 1]! : null;
    if (last !== null && last.isText) (last as XText).value += text;
    else append(parent, new XText(text));
  },
  insertTextBefore(parent, text, reference) {
    const at = parent.childNodes!.indexOf(reference);
    const prev = parent.childNodes![at - 1];
    if (prev instanceof XText) prev.value += text;
    else base.insertBefore(parent, new XText(text), reference);
  },
};

/**
 * Sibling links, owner document and document order, once parse5 is done moving nodes (foster parenting and the
 * adoption agency move them during the parse). A template's contents read as its children, as they did in the
 * copied document (parse5 holds them in a fragment, which its serialiser still finds there).
 */
export function linkTree(doc: XDocument): void {
  let order = 0;
  const stack: XNode[] = [doc];
  while (stack.length) {
    const node = stack.pop()!;
    // Whole steps apart, so an element's attributes fit between it and its first child.
    node.order = order++;
    node.ownerDocument = node === doc ? null : doc;
    if (node instanceof XElement && node.content) {
      node.childNodes = node.content.childNodes;
      for (const c of node.childNodes) c.parentNode = node;
    }
    const kids = node.childNodes;
    if (!kids?.length) continue;
    for (let i = 0; i < kids.length; i++) {
      kids[i]!.previousSibling = kids[i - 1] ?? null;
      kids[i]!.nextSibling = kids[i + 1] ?? null;
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
}
