// DOCX through mammoth, which maps Word styles to semantic HTML (Heading 1 to <h1>, list paragraphs
// to <li>, tables to <table>); node-html-parser then walks that HTML. Mammoth's raw-text output would
// lose the table structure that ICDs and BOMs pasted into Word depend on, so the HTML is the source.
import mammoth from 'mammoth';
import { parse, type HTMLElement } from 'node-html-parser';
import { DocumentBuilder, normaliseSpace } from './build.js';
import type { Location, ReadDocument } from './types.js';

export async function readDocx(bytes: Uint8Array): Promise<ReadDocument> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Images would be inlined as base64 data URIs; they carry no text, so they are dropped.
  const { value: html } = await mammoth.convertToHtml(
    { buffer },
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
  );
  const doc = new DocumentBuilder('docx');
  let section: string | undefined;
  const at = (): Location => (section === undefined ? {} : { section });

  const visit = (element: HTMLElement): void => {
    const tag = element.tagName?.toLowerCase() ?? '';
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      const text = normaliseSpace(element.textContent);
      if (text !== '') section = text;
      doc.addBlock({ kind: 'heading', text, level: Number(heading[1]), location: at() });
    } else if (tag === 'p') {
      doc.addBlock({ kind: 'paragraph', text: normaliseSpace(element.textContent), location: at() });
    } else if (tag === 'ul' || tag === 'ol') {
      for (const item of element.childNodes)
        if (isElement(item) && item.tagName === 'LI') visitListItem(item);
    } else if (tag === 'table') {
      const rows = element
        .querySelectorAll('tr')
        .filter((row) => row.closest('table') === element)
        .map((row) => row.childNodes.filter(isCell).map((cell) => normaliseSpace(cell.textContent)));
      if (rows.length > 0) doc.addTable({ ...(section ? { name: section } : {}), rows, location: at() });
    } else {
      for (const node of element.childNodes) if (isElement(node)) visit(node);
    }
  };
  // A list item's own words are one block; its nested list's items are blocks of their own.
  const visitListItem = (item: HTMLElement): void => {
    const own = item.childNodes
      .filter((node) => !(isElement(node) && (node.tagName === 'UL' || node.tagName === 'OL')))
      .map((node) => node.textContent)
      .join(' ');
    doc.addBlock({ kind: 'list_item', text: normaliseSpace(own), location: at() });
    for (const node of item.childNodes)
      if (isElement(node) && (node.tagName === 'UL' || node.tagName === 'OL')) visit(node);
  };

  visit(parse(html));
  return doc.build();
}

function isElement(node: unknown): node is HTMLElement {
  return typeof node === 'object' && node !== null && 'tagName' in node && typeof node.tagName === 'string';
}

function isCell(node: unknown): node is HTMLElement {
  return isElement(node) && (node.tagName === 'TD' || node.tagName === 'TH');
}
