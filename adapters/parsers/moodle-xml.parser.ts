import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { XmlElement } from '../../domain/assessment/import/moodle-xml.js';

/**
 * Moodle XML through fast-xml-parser: the document in order, with attributes, text and CDATA, as
 * the domain's `XmlElement` tree (domain/assessment/import/moodle-xml.ts decides what it means),
 * and that tree back to text. Entities are XML's own plus character references (`&#233;`, `&#x1F600;`,
 * which XML itself defines; the parser decodes them only with `htmlEntities`). A document with a DTD
 * is refused before the parser sees it: Moodle never writes one, and a DTD is how entity expansion,
 * external and parameter entities get in. Nesting is capped far above Moodle's five levels.
 */
type Node = Record<string, unknown>;
const ATTRS = ':@';
const TEXT = '#text';
const CDATA = '#cdata';
export const MAX_XML_DEPTH = 20;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  cdataPropName: CDATA,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  maxNestedTags: MAX_XML_DEPTH,
});

/**
 * Whether the text holds a markup declaration (`<!DOCTYPE …>`, `<!ENTITY …>` …) outside CDATA
 * sections and comments, where question HTML may well contain `<!DOCTYPE html>`. One pass with
 * `indexOf`, so no input makes it slow; an unterminated section is left to the validator.
 */
function hasMarkupDeclaration(text: string): boolean {
  for (let i = text.indexOf('<!'); i !== -1;) {
    const [open, close] = text.startsWith('<![CDATA[', i) ? ['<![CDATA[', ']]>'] : text.startsWith('<!--', i) ? ['<!--', '-->'] : [];
    if (!open || !close) return true;
    const end = text.indexOf(close, i + open.length);
    if (end === -1) return false;
    i = text.indexOf('<!', end + close.length);
  }
  return false;
}

function toElement(name: string, node: Node): XmlElement {
  const children: XmlElement[] = [];
  let text = '';
  for (const item of (node[name] as Node[] | undefined) ?? []) {
    if (TEXT in item) text += String(item[TEXT]);
    else if (CDATA in item) text += ((item[CDATA] as Node[]) ?? []).map((c) => String(c[TEXT] ?? '')).join('');
    else {
      const childName = Object.keys(item).find((k) => k !== ATTRS);
      if (childName) children.push(toElement(childName, item));
    }
  }
  const attributes = Object.fromEntries(
    Object.entries((node[ATTRS] as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [k, String(v)]),
  );
  return { name, attributes, children, text };
}

/** The document's root element, or a sentence saying why the text is not well-formed XML. */
export function parseXml(text: string): { ok: true; root: XmlElement } | { ok: false; error: string } {
  if (hasMarkupDeclaration(text)) return { ok: false, error: 'a DTD (<!DOCTYPE …>) or entity declaration is not accepted' };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, error: `not well-formed XML (line ${valid.err.line}: ${valid.err.msg})` };
  let nodes: Node[];
  try {
    nodes = parser.parse(text) as Node[];
  } catch (error) {
    // The parser throws on what it will not build: nesting deeper than the cap, an element named
    // `__proto__`, `constructor` or `prototype`.
    return { ok: false, error: `the file is refused (${error instanceof Error ? error.message : String(error)})` };
  }
  const top = nodes.find((n) => Object.keys(n).some((k) => k !== ATTRS && k !== TEXT));
  const name = top && Object.keys(top).find((k) => k !== ATTRS && k !== TEXT);
  if (!top || !name) return { ok: false, error: 'the file has no XML element' };
  return { ok: true, root: toElement(name, top) };
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  cdataPropName: CDATA,
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  processEntities: true,
});

function toNode(e: XmlElement): Node {
  const inner: Node[] = [];
  // Markup goes in CDATA, as Moodle writes it; text that would end a CDATA section is escaped instead.
  if (e.text) inner.push(/[<>&]/.test(e.text) && !e.text.includes(']]>') ? { [CDATA]: [{ [TEXT]: e.text }] } : { [TEXT]: e.text });
  for (const c of e.children) inner.push(toNode(c));
  const node: Node = { [e.name]: inner };
  if (Object.keys(e.attributes).length) node[ATTRS] = { ...e.attributes };
  return node;
}

export function writeXml(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${(builder.build([toNode(root)]) as string).trimStart()}`;
}
