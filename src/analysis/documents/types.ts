// What a reader makes of one uploaded file: its text in blocks that keep their place, its tables as
// raw rows (header detection is the extractor's job: BOMs have preamble rows), and the structures
// that only some kinds carry (a KiCad netlist, a JSON value). Shared by the readers, the chunker, the
// embedding job and the metagraph extractor.

export const DOCUMENT_KINDS = [
  'pdf',
  'docx',
  'xlsx',
  'csv',
  'tsv',
  'markdown',
  'text',
  'json',
  'kicad_netlist',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where a piece of a document sits, as precisely as its kind allows (1-based numbers). */
export interface Location {
  page?: number;
  /** The nearest heading above, for prose. */
  section?: string;
  sheet?: string;
  /** 1-based row within `table`/`sheet` (tables) or the CSV file. */
  row?: number;
  /** 1-based line in a text-like file. */
  line?: number;
  /** Index of the table in the document (0-based), when the piece is in a table. */
  table?: number;
}

export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'list_item';
  text: string;
  /** Heading level 1-6. */
  level?: number;
  location: Location;
}

export interface DocumentTable {
  /** Caption, sheet name or nearest heading, when there is one. */
  name?: string;
  /** Every row as cell strings, preamble rows included, trimmed; no row is dropped. */
  rows: string[][];
  location: Location;
}

export interface NetlistComponent {
  ref: string;
  value: string;
  footprint?: string;
  /** Library part name (`(libsource (lib …) (part …))`). */
  part?: string;
  lib?: string;
  description?: string;
  /** Sheet path name, e.g. "/Power/". */
  sheet?: string;
}

export interface NetlistNode {
  ref: string;
  pin: string;
  pinFunction?: string;
  /** KiCad pin type: input, output, bidirectional, power_in, power_out, passive, … */
  pinType?: string;
}

export interface NetlistNet {
  code: string;
  name: string;
  nodes: NetlistNode[];
}

export interface Netlist {
  components: NetlistComponent[];
  nets: NetlistNet[];
}

export interface ReadDocument {
  kind: DocumentKind;
  /** The whole extracted text, blocks and tables in reading order (tables as tab-separated lines). */
  text: string;
  blocks: TextBlock[];
  tables: DocumentTable[];
  netlist?: Netlist;
  /** The parsed value of a JSON file. */
  json?: unknown;
  /** Page count, for paged kinds. */
  pages?: number;
}

/** A piece of a document small enough to embed and to show as a search hit. */
export interface Chunk {
  index: number;
  text: string;
  location: Location;
}

export type DocumentReadErrorCode = 'unsupported' | 'empty' | 'corrupt' | 'encrypted' | 'too_large';

/** A file that cannot be read; its message is shown to the user as the file's `error`. */
export class DocumentReadError extends Error {
  constructor(
    readonly code: DocumentReadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentReadError';
  }
}

// The readers' entry points (src/analysis/documents/read.ts and chunk.ts):
//   readDocument(bytes: Uint8Array, fileName: string, declaredType?: string): Promise<ReadDocument>
//     detects the kind by content as well as by extension; throws DocumentReadError.
//   chunkDocument(doc: ReadDocument, options?: { maxChars?: number }): Chunk[]
