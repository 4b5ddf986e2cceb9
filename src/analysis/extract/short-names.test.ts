// An ICD cover that says what its short word stands for ('"Pod" in these sheets means the Pod
// Electronics Board'): the sheets' "Pod" is the board, not a part of its own.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';
import type { SourceDocument } from './types.js';

const workbook = (cover: string): SourceDocument => ({
  name: 'icd.xlsx',
  doc: doc({
    kind: 'xlsx',
    text: cover,
    tables: [
      {
        rows: [
          ['Ref', 'Link', 'Unit A', 'Unit B'],
          ['I-01', 'Umbilical Link', 'Pod Electronics Board', 'Surface Unit'],
        ],
        location: { table: 0 },
      },
      {
        rows: [
          ['Ref', 'Message', 'Originator', 'Recipient(s)'],
          ['I-01', 'Winch Mode Command', 'Surface Unit', 'Pod'],
        ],
        location: { table: 1 },
      },
    ],
  }),
});

describe('a short word the document defines', () => {
  it('is an alias of the part it stands for', () => {
    const m = model(
      workbook('Sheet "Power" lists the supplies. "Pod" in these sheets means the Pod Electronics Board.'),
    );
    expect(typeOf(m, 'pod')).toBeUndefined();
    expect(m.entities.find((e) => e.name === 'Pod Electronics Board')?.aliases).toContain('Pod');
    expect(rels(m)).toContain('pod electronic board CONSUMES winch mode command');
  });
  it('stays a part of its own when nothing defines it', () => {
    const m = model(workbook('Sheet "Power" lists the supplies.'));
    expect(typeOf(m, 'pod')).toBeDefined();
  });
  it('proposes nothing for a definition of a thing no document names', () => {
    const m = model(workbook('"Pod" means the Subsea Pod Housing.'));
    expect(m.entities.some((e) => e.key === 'subsea pod housing')).toBe(false);
  });
});
