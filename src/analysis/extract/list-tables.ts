// ICDs written as one section per interface often give its properties as a list, not a table:
// "- **End A:** Ethernet Switch", "- **Board nets:** TOW_TX+/-". A run of such "Key: value" items (or
// short paragraphs, or lines of one paragraph, as Word and PDF set them) in one section is the same
// thing as a Property | Value table captioned by the section heading.
import type { DocumentTable, TextBlock } from '../documents/types.js';

const KEY_VALUE = /^([A-Z][A-Za-z0-9 ./()-]{0,30}?)\s*:\s+(\S.*)$/;

export function keyValueLists(blocks: TextBlock[]): DocumentTable[] {
  const tables: DocumentTable[] = [];
  let run: { section: string; rows: string[][]; location: TextBlock['location'] } | undefined;
  const close = (): void => {
    if (run && run.rows.length >= 2)
      tables.push({ name: run.section, rows: [['Property', 'Value'], ...run.rows], location: run.location });
    run = undefined;
  };
  for (const b of blocks) {
    // A Word or PDF document sets the same list as short paragraphs, or as the lines of one.
    const lines = b.kind === 'heading' ? [] : b.text.split('\n').map((l) => l.trim());
    const pairs: RegExpExecArray[] = [];
    for (const l of lines) {
      const m = l.length <= 200 ? KEY_VALUE.exec(l) : null;
      if (!m) break;
      pairs.push(m);
    }
    const section = b.location.section;
    // A paragraph may run on past the list into a remark: its leading "Key: value" lines still count.
    const whole = pairs.length === lines.length;
    if (pairs.length === 0 || (!whole && pairs.length < 2) || !section) {
      close();
      continue;
    }
    if (run && run.section !== section) close();
    run ??= { section, rows: [], location: b.location };
    for (const m of pairs) run.rows.push([m[1]!.trim(), m[2]!.trim()]);
    if (!whole) close();
  }
  close();
  return tables;
}

/**
 * "TOW_TX+/-" → TOW_TX+, TOW_TX-; "RMII_TXD0..1" → RMII_TXD0, RMII_TXD1; "ADC_D1_P/N" → _P, _N;
 * "SC_TX_P / SC_TX_N (tracker to OBC)" → SC_TX_P, SC_TX_N: a spaced slash sets the two nets of a pair
 * side by side, and a remark in brackets says which way they run.
 */
export function expandNets(cell: string): string[] {
  const out: string[] = [];
  for (const raw of cell.replace(/\s*\([^()]*\)/g, '').split(/\s*[,;]\s*|\s+and\s+|\s+\/\s+/)) {
    const t = raw.trim();
    const range = /^(.*?)(\d+)\.\.(\d+)$/.exec(t);
    const pair = /^(.*?[_-]?)([A-Z+-])\/([A-Z+-])$/i.exec(t);
    if (range && Number(range[3]) > Number(range[2]) && Number(range[3]) - Number(range[2]) <= 32) {
      for (let i = Number(range[2]); i <= Number(range[3]); i++) out.push(`${range[1]}${i}`);
    } else if (pair && pair[2]!.length === 1 && pair[3]!.length === 1) {
      out.push(`${pair[1]}${pair[2]}`, `${pair[1]}${pair[3]}`);
    } else if (/^[+A-Za-z0-9_.-]+$/.test(t) && /[A-Z]/.test(t)) out.push(t);
  }
  return out;
}
