// Which reader a file needs. Content decides where it can (a PDF renamed .txt is still a PDF; a
// DOCX and an XLSX are both zip files, told apart by their parts), the extension and the declared
// type decide among the text kinds, and sniffing covers text sent with no useful name.
import { sniffDelimiter } from './delimited.js';
import { looksLikeKicadNetlist } from './kicad-netlist.js';
import { hasMarkdownHeadings } from './markdown.js';
import { DOCUMENT_KINDS, DocumentReadError, type DocumentKind } from './types.js';

export type BinaryKind = 'pdf' | 'docx' | 'xlsx';
export type TextKind = Exclude<DocumentKind, BinaryKind>;

const EXTENSIONS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  text: 'text',
  log: 'text',
  json: 'json',
  net: 'kicad_netlist',
};

/** Declared MIME types (or bare kind names) that say something; `application/octet-stream` does not. */
const DECLARED: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
  'application/json': 'json',
};

const LEGACY_OFFICE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ascii = (s: string) => Buffer.from(s, 'latin1');
const encoded = (s: string) => Buffer.from(s, 'utf16le');

/** The kind named by the file's extension or declared type, if any. */
export function namedKind(fileName: string, declaredType?: string): DocumentKind | undefined {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const declared = declaredType?.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    EXTENSIONS[ext] ??
    DECLARED[declared] ??
    ((DOCUMENT_KINDS as readonly string[]).includes(declared) ? (declared as DocumentKind) : undefined)
  );
}

/** The binary kind the bytes are, undefined for text; throws for binaries hwa does not read. */
export function detectBinaryKind(bytes: Uint8Array, named: DocumentKind | undefined): BinaryKind | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PDF lets up to 1 KiB of junk precede the header (pdf.js accepts it); then the end marker must be
  // there too, so a text file that merely mentions "%PDF-" near its top is not taken for a PDF.
  const header = buffer.subarray(0, 1024).indexOf(ascii('%PDF-'));
  if (header === 0 || (header > 0 && buffer.subarray(-1024).includes(ascii('%%EOF')))) return 'pdf';
  if (buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 0x03 && buffer[3] === 0x04) {
    // Zip part names are stored uncompressed in the headers, so a byte search finds them.
    if (buffer.includes(ascii('word/document.xml'))) return 'docx';
    if (buffer.includes(ascii('xl/workbook.xml'))) return 'xlsx';
    if (named === 'docx' || named === 'xlsx') {
      throw new DocumentReadError(
        'corrupt',
        `This ${named.toUpperCase()} file is damaged: its main part is missing.`,
      );
    }
    throw new DocumentReadError('unsupported', 'This is a zip archive, not a document hwa can read.');
  }
  if (LEGACY_OFFICE.every((b, i) => buffer[i] === b)) {
    // Office writes password-protected DOCX and XLSX files as an OLE container with this stream.
    if (buffer.includes(encoded('EncryptedPackage'))) {
      throw new DocumentReadError(
        'encrypted',
        'This Office document is password-protected; remove the password and upload it again.',
      );
    }
    throw new DocumentReadError(
      'unsupported',
      'This is a legacy Office file (.doc or .xls); save it as .docx or .xlsx and upload it again.',
    );
  }
  if (named === 'pdf' || named === 'docx' || named === 'xlsx') {
    throw new DocumentReadError(
      'corrupt',
      `This file is named as ${named.toUpperCase()} but its content is not a valid ${named.toUpperCase()} file.`,
    );
  }
  return undefined;
}

/** The text kind of decoded text, from content first for the unmistakable kinds, then the name. */
export function detectTextKind(text: string, named: DocumentKind | undefined): TextKind {
  if (looksLikeKicadNetlist(text)) return 'kicad_netlist';
  if (
    named === 'json' ||
    named === 'markdown' ||
    named === 'csv' ||
    named === 'tsv' ||
    named === 'kicad_netlist'
  ) {
    return named;
  }
  const head = text.trimStart()[0];
  if (head === '{' || head === '[') {
    try {
      JSON.parse(text);
      return 'json';
    } catch {
      // Not JSON after all: a text that starts with a bracket.
    }
  }
  // Stricter than for a file named .csv: prose has commas too, but not the same count on most lines.
  const delimiter = sniffDelimiter(text, 0.8);
  if (delimiter !== undefined && !hasMarkdownHeadings(text)) return delimiter === '\t' ? 'tsv' : 'csv';
  if (hasMarkdownHeadings(text)) return 'markdown';
  return 'text';
}
