// The readers' entry point: size and emptiness checks, kind detection, then one reader per kind.
// Every failure a user can cause is a DocumentReadError whose message says what to do about it;
// anything else escaping a reader is a bug or a damaged file, reported as `corrupt`.
import { readDelimited, sniffDelimiter } from './delimited.js';
import { detectBinaryKind, detectTextKind, namedKind, type BinaryKind } from './detect.js';
import { parseJson, readJson } from './json.js';
import { readKicadNetlist } from './kicad-netlist.js';
import { readMarkdown } from './markdown.js';
import { decodeText } from './text-decode.js';
import { declaredUncompressedSize } from './zip-size.js';
import { readText } from './text.js';
import { DocumentReadError, type ReadDocument } from './types.js';

export interface ReadOptions {
  /** Files larger than this are refused with `too_large` before any parsing. */
  maxBytes?: number;
  /** DOCX/XLSX whose parts inflate to more than this are refused with `too_large`; default 10 × maxBytes. */
  maxExpandedBytes?: number;
}

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

type BinaryReader = (bytes: Uint8Array) => Promise<ReadDocument>;
/** Binary readers load their libraries on first use, so text-only callers never pay for pdf.js. */
const BINARY_READERS: Record<BinaryKind, () => Promise<BinaryReader>> = {
  pdf: async () => (await import('./pdf.js')).readPdf,
  docx: async () => (await import('./docx.js')).readDocx,
  xlsx: async () => (await import('./xlsx.js')).readXlsx,
};

export async function readDocument(
  bytes: Uint8Array,
  fileName: string,
  declaredType?: string,
  options: ReadOptions = {},
): Promise<ReadDocument> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw new DocumentReadError(
      'too_large',
      `This file is ${formatBytes(bytes.byteLength)}; files over ${formatBytes(maxBytes)} are not read.`,
    );
  }
  if (bytes.byteLength === 0) throw new DocumentReadError('empty', 'This file is empty.');
  const named = namedKind(fileName, declaredType);
  const binary = detectBinaryKind(bytes, named);
  if (binary === 'docx' || binary === 'xlsx')
    checkUnpackedSize(binary, bytes, options.maxExpandedBytes ?? maxBytes * 10);
  const doc = binary ? await readBinary(binary, bytes) : readTextKind(decodeText(bytes), named, fileName);
  if (doc.text.trim() === '' && doc.netlist === undefined && doc.json === undefined) {
    throw new DocumentReadError(
      'empty',
      doc.kind === 'pdf'
        ? 'This PDF has no extractable text (it may be scanned images); hwa does not read text from images.'
        : 'This file has no text.',
    );
  }
  return doc;
}

async function readBinary(kind: BinaryKind, bytes: Uint8Array): Promise<ReadDocument> {
  const reader = await BINARY_READERS[kind]();
  try {
    return await reader(bytes);
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(
      'corrupt',
      `This ${kind.toUpperCase()} file is damaged and cannot be read (${detail}).`,
    );
  }
}

function readTextKind(text: string, named: ReturnType<typeof namedKind>, fileName: string): ReadDocument {
  if (text.trim() === '') throw new DocumentReadError('empty', 'This file is empty.');
  const kind = detectTextKind(text, named);
  switch (kind) {
    case 'kicad_netlist':
      return readKicadNetlist(text);
    case 'json':
      return readJson(parseJson(text));
    case 'markdown':
      return readMarkdown(text);
    case 'csv':
      // A file named .csv may still use semicolons (European Excel) or tabs.
      return readDelimited(text, sniffDelimiter(text) ?? ',', baseName(fileName));
    case 'tsv':
      return readDelimited(text, '\t', baseName(fileName));
    case 'text':
      return readText(text);
  }
}

/** Refuses a DOCX/XLSX before a library inflates it, from the sizes its zip directory declares. */
function checkUnpackedSize(kind: 'docx' | 'xlsx', bytes: Uint8Array, maxExpanded: number): void {
  const name = kind.toUpperCase();
  const expanded = declaredUncompressedSize(bytes);
  if (expanded === undefined) {
    throw new DocumentReadError(
      'corrupt',
      `This ${name} file is damaged (it may be cut short) and cannot be read.`,
    );
  }
  if (expanded > maxExpanded) {
    throw new DocumentReadError(
      'too_large',
      Number.isFinite(expanded)
        ? `This ${name} file unpacks to ${formatBytes(expanded)}; files over ${formatBytes(maxExpanded)} unpacked are not read.`
        : `This ${name} file is too large to unpack.`,
    );
  }
}

function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${n} bytes`;
}
