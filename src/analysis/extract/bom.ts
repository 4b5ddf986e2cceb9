// BOM tables: one entity per line item, containment from a grouping column, section heading rows or an
// explosion level. Levels come in many spellings ("2", SAP's ".1"/"..2" with one dot per level, or
// dots/dashes in front of the description when there is no level column), so a line's parent is the
// nearest line above it with a lower level, whatever the numbering starts at.
import {
  acronymQualifiedHead,
  namedAsAssembly,
  namedAsDocument,
  nounQualifierAlias,
  sharedHeads,
} from './bom-heads.js';
import { dottedCode, dottedCodeColumn, spaceIndentLevels } from './bom-indent.js';
import { withoutReusedDesignators } from './bom-reused-refs.js';
import type { EntityMention, MentionSink } from './builder.js';
import { roleOf, type ColumnRole } from './columns.js';
import type { Provenance } from './types.js';

type Row = { cells: string[]; row: number };
type Get = (cells: string[], role: ColumnRole) => string;

/** "..2" → 2, ".1" → 1, "0" → 0, "3" → 3, "..." → 3; undefined when the cell is no level. */
export function parseLevel(cell: string): number | undefined {
  const t = cell.trim();
  const m = /^([.\-+>]*)\s*(\d{1,2})?$/.exec(t);
  if (!m || (!m[1] && !m[2])) return undefined;
  return m[2] !== undefined ? Number(m[2]) : m[1]!.length;
}

/** A leading run of dots or dashes marks the level in a name column of an indented BOM. */
function indentLevel(name: string): { level?: number; name: string } {
  // ". . Regulator" spaces its dots; each mark is one level. "-12V Inverter" is signed, not indented.
  if (/^[-–]\d/.test(name.trim())) return { name: name.trim() };
  const m = /^((?:[.\-–>]\s?){1,6})\s*([^\s.\-–>].*)$/.exec(name);
  return m ? { level: m[1]!.replace(/\s/g, '').length, name: m[2]!.trim() } : { name };
}

/**
 * "C40-C58" → C40 … C58, "X4, X5" → X4, X5: a line's designators, so the netlist's single parts and an
 * ICD's connector column find the line. Long or odd ranges are left alone.
 */
/** "C1 thru C6", "R1 through R4", "D1 to D8": a range spelled in words is the range "C1-C6". */
export const spelledRanges = (refdes: string): string =>
  refdes.replace(/\b([A-Z]{1,4}\d+)\s+(?:thru|through|to)\s+([A-Z]{0,4}\d+)\b/gi, '$1-$2');

export function expandRefs(refs: string[]): string[] {
  const out: string[] = [];
  for (const r of refs.flatMap((x) => x.split(/,/))) {
    const range = /^([A-Z]+)(\d+)-([A-Z]+)?(\d+)$/i.exec(r.trim());
    if (!range) {
      // A device tag keeps its sign ("-Q1"): other documents write it so.
      if (/^[-=+]?[A-Z]+\d+$/i.test(r.trim())) out.push(r.trim());
      continue;
    }
    const [from, to] = [Number(range[2]), Number(range[4])];
    if ((range[3] && range[3].toUpperCase() !== range[1]!.toUpperCase()) || to < from || to - from > 63)
      continue;
    for (let i = from; i <= to; i++) out.push(`${range[1]}${i}`);
  }
  return out;
}

/**
 * "Assembly: Power Board (PB-200)" → Power Board, alias PB-200: a section row's label word and its
 * bracketed item number are not part of the assembly's name.
 */
export function sectionHeading(text: string): { name: string; alias?: string } {
  let t = text
    .replace(/[:*]+$/g, '')
    .replace(/^\*+/, '')
    .trim();
  t = t.replace(
    /^(sub-?assembly|assembly|assy|sub-?system|module|section|group|board|unit|kit)\s*[:\-–]\s+/i,
    '',
  );
  const m = /^(.*\S)\s*\(([^()]{2,24})\)$/.exec(t);
  return m ? { name: m[1]!.trim(), alias: m[2]!.trim() } : { name: t };
}

// Report furniture around an ERP export: decorated banners, end-of-report and page lines.
const FOOTER_ROW =
  /^([*=#~_-]{2,}|end of (report|list|bom|file|data)\b|(report|listing) (ends|end|complete)\b|page \d+( of \d+)?$|printed (by|on)\b|generated (by|on)\b|run (date|time)\b)/i;

/**
 * A Parent column (no level column) that names parents by item number: which item number is which
 * line's name, and the product line — the one line without a parent that other lines name as
 * parent, when there is exactly one.
 */
function parentColumn(body: Row[], get: Get): { nameOfCode: Map<string, string>; root?: number } {
  const nameOfCode = new Map<string, string>();
  const parents = new Set<string>();
  const orphans: { row: number; ids: string[] }[] = [];
  for (const { cells, row } of body) {
    const code = get(cells, 'mpn');
    const name = get(cells, 'name') || get(cells, 'description');
    if (code && name && !/^\d+$/.test(name)) nameOfCode.set(code.toUpperCase(), name);
    const parent = get(cells, 'group');
    if (parent) parents.add(parent.toUpperCase());
    else if ((code || name) && !get(cells, 'refdes'))
      orphans.push({ row, ids: [code, name].filter((x) => x).map((x) => x.toUpperCase()) });
  }
  const roots = orphans.filter((o) => o.ids.some((id) => parents.has(id)));
  return { nameOfCode, ...(roots.length === 1 ? { root: roots[0]!.row } : {}) };
}

/**
 * The column of outline item numbers, if there is one: mostly "n(.n)*" values, some with dots, and
 * each dotted number's parent number ("1.2" for "1.2.3") present in the column — which a quantity
 * column ("1.5" m of cable) or a decimal value column never has.
 */
export function outlineColumn(body: Row[]): number | undefined {
  const width = Math.max(0, ...body.map((r) => r.cells.length));
  for (let c = 0; c < width; c++) {
    const values = body.map((r) => (r.cells[c] ?? '').trim().replace(/\.$/, '')).filter((v) => v);
    if (values.length < 3) continue;
    const outlined = values.filter((v) => /^\d+(\.\d+)*$/.test(v));
    const dotted = outlined.filter((v) => v.includes('.'));
    if (outlined.length < 0.8 * values.length || dotted.length < 2) continue;
    const seen = new Set(outlined);
    const withParent = dotted.filter((v) => seen.has(v.slice(0, v.lastIndexOf('.'))));
    if (withParent.length >= 0.8 * dotted.length) return c;
  }
  return undefined;
}

// "Assembly:;PM-9100;Topside Processing Unit;Alt. BOM 1": an ERP list printed level by level opens
// each assembly's section with a labelled row naming it, and repeats the column header under it.
const SECTION_LABEL = /^(sub-?assembly|assembly|assy|parent( assembly| item| material)?|bom header)\s*:$/i;
const ITEM_CODE = /^[A-Z0-9][A-Z0-9._/-]*\d[A-Z0-9._/-]*$/i;

/** The assembly a labelled section row opens: its name, and its material number as an alias. */
export function sectionRow(cells: string[]): { name: string; alias?: string } | undefined {
  // The label may share its cell with the item number ("Assembly: LH-1100", the title in the next
  // cell): read it as two cells.
  const filled = cells
    .map((c) => c.trim())
    .flatMap((c, i) => {
      const parts = c.split(/(?<=:)\s+/);
      return i === 0 && parts.length === 2 && ITEM_CODE.test(parts[1]!) ? parts : [c];
    })
    .filter((c) => c);
  if (filled.length < 2 || !SECTION_LABEL.test(filled[0]!)) return undefined;
  const rest = filled.slice(1);
  const name = rest.find((c) => !ITEM_CODE.test(c) && /[A-Za-z]{2}/.test(c));
  if (!name) return undefined;
  const alias = rest.slice(0, rest.indexOf(name)).find((c) => ITEM_CODE.test(c));
  return alias ? { name, alias } : { name };
}

/** The item number a name cell holds when a description in words stands beside it. */
const itemNumberAsName = (name: string, description: string): string | undefined =>
  /^[A-Z]{1,5}-\d[\w.-]*$/.test(name) && /[A-Za-z]{3}/.test(description) ? name : undefined;

/** A column header printed again under a section row: most of its cells are column names. */
const isHeaderAgain = (cells: string[]): boolean =>
  cells.filter((c) => c.trim() && roleOf(c) !== undefined).length >= 3;

// Notes blocks under a BOM ("Notes:", "NOTE 2: …", "1) …") explain lines; they are not lines.
const NOTE_ROW = /^(notes?\b|remarks?:|\(?\d{1,2}[).:]\s|\*\s|†)/i;
const SUMMARY_CELL = /^[A-Za-z][\w .]{0,30}:\s*\d+$/;
const REFDES_LIST = /^[A-Z]{1,4}\d+([-,\s]+[A-Z]{0,4}\d+)*$/;

export function extractBom(
  body: Row[],
  get: Get,
  prov: (row: number) => Provenance,
  sink: MentionSink,
  /** The cell as printed, leading spaces kept: an indented BOM's only level. */
  raw?: Get,
): void {
  const firstLine = sink.entities.length;
  const stack: { level: number; name: string }[] = [];
  let section: { name: string; alias?: string; row: number } | undefined;
  let inNotes = false;
  const hasLevels = body.some((r) => parseLevel(get(r.cells, 'level')) !== undefined);
  // Without a level column, dots in front of the item numbers may give it (bom-indent.ts); the
  // numbers are read without them, as the other documents write them.
  const dots = hasLevels ? undefined : dottedCodeColumn(body.map((r) => r.cells));
  const dottedLevel = new Map<number, number | undefined>();
  if (dots !== undefined)
    body = body.map((r) => {
      const { level, code } = dottedCode(r.cells[dots] ?? '');
      dottedLevel.set(r.row, level);
      return { ...r, cells: r.cells.map((c, i) => (i === dots ? code : c)) };
    });
  // Without either, outline item numbers ("1", "1.2", "1.2.3") give the level.
  const outline =
    hasLevels || dots !== undefined || body.some((r) => get(r.cells, 'group'))
      ? undefined
      : outlineColumn(body);
  // Without either, leading spaces in the name cell may give it.
  const spaced =
    hasLevels || dots !== undefined || outline !== undefined || !raw
      ? undefined
      : spaceIndentLevels(
          body.map((r) => (get(r.cells, 'name') ? raw(r.cells, 'name') : raw(r.cells, 'description'))),
        );
  const spacedLevel = new Map(spaced?.map((l, i) => [body[i]!.row, l]));
  // PLM structure reports number the top item position 0 and its members 1, 2, … (1.1, 1.2 below
  // them): with a position 0 present, every other number sits one level under it.
  const zeroTop = outline !== undefined && body.some((r) => /^0\.?$/.test((r.cells[outline] ?? '').trim()));
  const levelOf = (cells: string[], row: number): number | undefined => {
    if (spaced) return spacedLevel.get(row);
    if (dots !== undefined) return dottedLevel.get(row);
    if (outline === undefined) return parseLevel(get(cells, 'level'));
    const pos = (cells[outline] ?? '').trim().replace(/\.$/, '');
    if (!/^\d+(\.\d+)*$/.test(pos)) return undefined;
    if (zeroTop) return pos === '0' ? 0 : pos.split('.').length;
    return pos.split('.').length - 1;
  };
  const levelled = hasLevels || dots !== undefined || outline !== undefined || spaced !== undefined;
  // The product is the one line at the top level; several top-level lines are a list of assemblies.
  // (Whatever number the top level has: 0 in most exports, 1 in some.)
  const indented = (cells: string[]): number | undefined =>
    indentLevel(get(cells, 'name') || get(cells, 'description')).level;
  const levels = levelled
    ? body
        .map((r) => levelOf(r.cells, r.row) ?? indented(r.cells))
        .filter((l): l is number => l !== undefined)
    : [];
  const topLevel = Math.min(...levels);
  const tops = levels.filter((l) => l === topLevel).length;
  const deeper = levels.some((l) => l > topLevel);
  const { nameOfCode, root } = parentColumn(body, get);
  // Assemblies opened by labelled section rows, and every line's name, to find the product: the one
  // section that is no line of another.
  const sections: string[] = [];
  const lines = new Set<string>();
  const shared = sharedHeads(body.map((r) => get(r.cells, 'name') || get(r.cells, 'description')));
  // Lines called assemblies by their name alone, and the names lines are listed under (see below).
  const namedAssemblies: { name: string; mention: EntityMention }[] = [];
  const parents = new Set<string>();
  for (const { cells, row } of body) {
    const p = prov(row);
    const filled = cells.filter((c) => c.trim() !== '');
    if (filled.length === 0) continue;
    const first = filled[0]!.trim();
    if (inNotes || (filled.length <= 2 && NOTE_ROW.test(first))) {
      inNotes ||= /^notes?\s*:?$/i.test(first);
      continue;
    }
    // Report furniture: "*** End of report ***", "Page 2 of 3", "Printed by …".
    if (filled.length <= 2 && FOOTER_ROW.test(first)) continue;
    // A summary under the lines ("Lines: 43", "Levels: 3") counts them; it is not one.
    if (filled.every((c) => SUMMARY_CELL.test(c.trim()))) continue;
    const opened = levelled ? undefined : sectionRow(cells);
    if (opened) {
      section = { ...opened, row };
      sections.push(opened.name);
      continue;
    }
    if (isHeaderAgain(cells)) continue;
    const refdes = get(cells, 'refdes');
    const mpn = get(cells, 'mpn');
    let description = get(cells, 'description');
    // "Component | Description": a name column of item numbers ("LH-1101") beside a description in
    // words holds the line's material number; the description names it.
    const itemCode = itemNumberAsName(get(cells, 'name'), description);
    let explicitName = /^\d+$/.test(get(cells, 'name')) || itemCode ? '' : get(cells, 'name');
    // A row with one filled cell and no part data is a section heading: the group of what follows.
    if (filled.length === 1 && !mpn && !REFDES_LIST.test(first)) {
      // A sentence is a remark, not a heading.
      if (first.split(/\s+/).length > 6 || /[.;]$/.test(first)) continue;
      // The heading becomes an entity only when a line follows under it.
      const heading = sectionHeading(first);
      section = /^(total|notes?)\b/i.test(heading.name) ? undefined : { ...heading, row };
      continue;
    }
    if (/^total\b/i.test(first)) continue;
    let level = levelled ? levelOf(cells, row) : undefined;
    if (level === undefined) {
      // Dots or dashes before the name mark the level where the level column is blank or absent.
      const ind = indentLevel(explicitName || description);
      if (ind.level !== undefined) {
        level = ind.level;
        if (explicitName) explicitName = ind.name;
        else description = ind.name;
      } else if (!levelled && stack.length) level = 0;
    }
    const value = get(cells, 'value');
    const refs = refdes
      ? spelledRanges(refdes)
          .split(/[\s,;]+/)
          .filter((r) => r)
      : [];
    // A line without a description is named by what identifies it on the board (its designators or
    // value), not by an order code that another line may share.
    const name = explicitName || description || (refdes && refs.length > 0 ? refdes : '') || value || mpn;
    if (!name) continue;
    // A text item ("Shipping crate ordered separately (PM-9900)") has no material, designator or
    // quantity: a remark printed among the lines, not a part.
    if (sections.length > 0 && !mpn && !refdes && !get(cells, 'qty')) continue;
    lines.add(name);
    const groupCell = get(cells, 'group');
    // A Parent column that holds item numbers names the line whose number it is.
    let parent = (groupCell && nameOfCode.get(groupCell.toUpperCase())) || groupCell || section?.name;
    if (level !== undefined) {
      while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
      parent = stack[stack.length - 1]?.name ?? parent;
    }
    // The single line at the top of an exploded BOM (level 0) is the product itself.
    // So is the one line without a parent that the Parent column names.
    const isProduct =
      (level === topLevel && levelled && tops === 1 && deeper && !parent && !refdes) || row === root;
    // ERP descriptions put the head noun first ("PCB, Pitch Control Unit" is a board, not the unit):
    // whether a line is an assembly is read from the words before the comma.
    const head = name.split(',')[0]!;
    // A drawing or specification listed for reference is not a part of the product.
    if (namedAsDocument(name) && !refdes) continue;
    const isAssembly =
      namedAsAssembly(name) &&
      !/^(pcb|pwb|bare (pcb|board)|printed (circuit|wiring) board)\b/i.test(head) &&
      !refdes;
    const external = refs.length === 1 ? refs[0] : mpn || undefined;
    if (parent)
      sink.entity(
        parent,
        'SUBSYSTEM',
        parent === section?.name ? prov(section.row) : p,
        parent === section?.name ? { aliases: [section.alias] } : {},
      );
    const uniqueHead = !shared.has(name.split(',')[0]!.trim().toLowerCase());
    const plain = nounQualifierAlias(name, uniqueHead);
    // With no name column the description names the line: its plain name ("Attitude Processor" of
    // "Attitude Processor, SoC FPGA, Zynq-7020") is what the other documents call it; the whole
    // description stays its description and a name.
    const shown = !explicitName && plain ? plain : name;
    const entity = sink.entity(shown, isProduct ? 'SYSTEM' : isAssembly ? 'SUBSYSTEM' : 'COMPONENT', p, {
      // A part number is shared by lines that use the same part, so it names a line only without refdes.
      aliases: [
        itemCode,
        refs.length === 0 || name === refdes ? mpn : undefined,
        shown === name ? plain : name,
        acronymQualifiedHead(name, uniqueHead),
        // A range in one cell ("Q1-Q6") names each part in it, as a list does.
        ...(refs.length === 1 && expandRefs(refs).length <= 1
          ? refs
          : refs.length >= 1
            ? [refdes, ...expandRefs(refs)]
            : []),
      ],
      externalId: external,
      description: description || undefined,
      properties: {
        refdes,
        part_number: mpn,
        quantity: get(cells, 'qty'),
        manufacturer: get(cells, 'manufacturer'),
        value,
        dnp: get(cells, 'dnp'),
      },
      parentName: parent,
      weight: isProduct ? 4 : 3,
    });
    if (isAssembly && !isProduct) namedAssemblies.push({ name: entity, mention: sink.entities.at(-1)! });
    if (parent && parent !== entity) {
      sink.relate(parent, entity, 'CONTAINS', p);
      parents.add(parent);
    }
    if (level !== undefined) stack.push({ level, name: entity });
  }
  // A levelled BOM lists an assembly's parts under it: a line named "Lens Assembly" with nothing
  // under it is bought or drawn as one part, a component of what holds it.
  if (levelled)
    for (const { name, mention } of namedAssemblies)
      if (!parents.has(name) && mention.parentName) mention.entityType = 'COMPONENT';
  withoutReusedDesignators(sink.entities.slice(firstLine));
  const products = sections.filter((n, i) => !lines.has(n) && sections.indexOf(n) === i);
  if (products.length === 1 && sections.length > 1)
    sink.entity(products[0]!, 'SYSTEM', prov(body[0]?.row ?? 1), { weight: 4 });
}
