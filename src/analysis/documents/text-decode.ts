// Bytes to text for the text-like kinds. Hardware teams send files saved by Excel (UTF-8 with a BOM,
// sometimes UTF-16), by old Windows tools (Windows-1252) and by everything else (UTF-8), so the
// decoder tries them in that order rather than trusting a declared charset that is rarely sent.
import { DocumentReadError } from './types.js';

/** How much of the file is looked at to decide that it is binary, not text. */
const SNIFF_BYTES = 8192;

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (looksBinary(bytes)) {
    throw new DocumentReadError('unsupported', 'This file is binary data, not a document hwa can read.');
  }
  try {
    // ignoreBOM: false (the default) drops a UTF-8 BOM, which Excel writes at the start of CSV files.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A NUL byte never occurs in text files but nearly always in binary ones (images, executables). */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

/** Lines without their terminators; CRLF, LF and lone CR (old Mac exports) all end a line. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}
