import { describe, expect, it } from 'vitest';
import { abutting, ownAcrossCuts } from './drift-lone-span.js';

describe('ownAcrossCuts', () => {
  it('keeps a creep under way well before the unanswered change it runs through', () => {
    // A pH creep over rows 9200-14800 through an agitation step at 12960.
    expect(ownAcrossCuts(9200, 14800, 14, [12960])).toBe(true);
  });
  it('drops a ramp that begins at the change (the change answered, slowly)', () => {
    // A cell cooling from row 8365 once the discharge stops at 8400.
    expect(ownAcrossCuts(8365, 9590, 24, [8400])).toBe(false);
  });
  it('drops a ramp that does not run through any change (judged in its own stretch already)', () => {
    expect(ownAcrossCuts(9200, 12000, 14, [12960])).toBe(false);
  });
  it('drops a small ramp, whose change inside leaves its reference uncertain', () => {
    expect(ownAcrossCuts(3574, 4352, 3, [4000])).toBe(false);
  });
});

describe('abutting', () => {
  it('joins stretches a change and its short settling apart', () => {
    expect(abutting([4320, 12961], [13040, 17280])).toBe(true);
  });
  it('does not bridge a long unsteady stretch between two short ones', () => {
    expect(abutting([5137, 6000], [11137, 12000])).toBe(false);
  });
});
