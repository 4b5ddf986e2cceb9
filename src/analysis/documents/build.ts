// Collects a reader's blocks and tables in reading order and writes the document's `text` from
// them, so every reader renders text the same way (tables as tab-separated lines) and the text a
// user sees for a document matches what the chunker and the extractor read.
import type { DocumentKind, DocumentTable, ReadDocument, TextBlock } from './types.js';

export class DocumentBuilder {
  private readonly blocks: TextBlock[] = [];
  private readonly tables: DocumentTable[] = [];
  private readonly parts: string[] = [];

  constructor(private readonly kind: DocumentKind) {}

  addBlock(block: TextBlock): void {
    if (block.text.trim() === '') return;
    this.blocks.push(block);
    this.parts.push(block.text);
  }

  /** Adds the table and returns its index, which locations of its rows refer to. */
  addTable(table: Omit<DocumentTable, 'location'> & { location?: DocumentTable['location'] }): number {
    const index = this.tables.length;
    this.tables.push({ ...table, location: { ...table.location, table: index } });
    this.parts.push(table.rows.map((row) => row.join('\t')).join('\n'));
    return index;
  }

  get tableCount(): number {
    return this.tables.length;
  }

  build(extra: Partial<Pick<ReadDocument, 'netlist' | 'json' | 'pages'>> = {}): ReadDocument {
    return {
      kind: this.kind,
      text: this.parts.filter((part) => part !== '').join('\n\n'),
      blocks: this.blocks,
      tables: this.tables,
      ...extra,
    };
  }
}

/** Collapses runs of whitespace (tabs, non-breaking spaces, line breaks inside a cell) to one space. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
