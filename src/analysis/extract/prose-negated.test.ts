// Definitions that say the product does without the thing they define.
import { describe, expect, it } from 'vitest';
import { saysNotUsed } from './prose-negated.js';
import { model, proseDoc } from './test-helpers.js';

describe('names defined as not used', () => {
  it('reads "is not used" and kin after a definition, and nothing else', () => {
    expect(saysNotUsed(' is not used: the drive is six-step.')).toBe(true);
    expect(saysNotUsed(' are not fitted on this variant.')).toBe(true);
    expect(saysNotUsed(' is used to start the motor.')).toBe(false);
    expect(saysNotUsed(' controls the pump.')).toBe(false);
  });

  it('proposes no entity for an acronym defined as not used, but keeps one defined in use', () => {
    const m = model(
      proseDoc(
        'd.md',
        'Sensorless Estimation (SLE) is not used: the drive reads Hall sensors.',
        'The Winch Control Unit (WCU) controls the Brake Driver.',
      ),
    );
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('Sensorless Estimation');
    expect(names).toContain('Winch Control Unit');
  });
});
