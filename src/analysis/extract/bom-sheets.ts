// A CAD BOM workbook (OrCAD CIS, Altium) prints one sheet per assembly, each under its own title
// block: "Bill of Materials HP-9100 Outdoor Unit". The title names the assembly the sheet's lines
// belong to, as an ERP section row does; the assembly's own line on its parent's sheet ("see sheet
// HP-9100") carries the same item number, so both readings meet in one entity.

// The title's item number: letters and digits with a digit, as item numbers are.
const TITLE = /^bill of materials\s*[:\-–]?\s*([A-Z]{1,6}[-_.]?\d[A-Z0-9._/-]*)\s+(.*\S)$/i;

/**
 * The assembly a BOM sheet's title block names, as the labelled row ("Assembly:", item number, name)
 * the section reading already knows; undefined when no preamble row is such a title. The name stops at
 * its first comma: "AW-9 Heat Pump, 9 kW monobloc" is the pump, described.
 */
export function sheetTitleRow(preamble: string[][]): string[] | undefined {
  for (const cells of preamble) {
    const filled = cells.map((c) => c.trim()).filter((c) => c);
    if (filled.length !== 1) continue;
    const m = TITLE.exec(filled[0]!.replace(/\s+/g, ' '));
    const name = m?.[2]!.split(',')[0]!.trim();
    if (m && name && /[A-Za-z]{2}/.test(name)) return ['Assembly:', m[1]!, name];
  }
  return undefined;
}
