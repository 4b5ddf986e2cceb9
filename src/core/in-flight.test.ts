import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

describe('InFlight', () => {
  it('is idle at once when nothing runs', async () => {
    await expect(new InFlight().idle()).resolves.toBeUndefined();
  });

  it('becomes idle only after every tracked piece of work has settled, failures included', async () => {
    const inFlight = new InFlight();
    let finishA!: () => void;
    let failB!: (err: Error) => void;
    const a = inFlight.track(() => new Promise<void>((resolve) => (finishA = resolve)));
    const b = inFlight.track(() => new Promise<void>((_, reject) => (failB = reject)));
    let idle = false;
    const waited = inFlight.idle().then(() => (idle = true));
    expect(inFlight.count).toBe(2);

    finishA();
    await a;
    expect(idle).toBe(false);
    failB(new Error('query failed'));
    await expect(b).rejects.toThrow('query failed');
    await waited;
    expect(idle).toBe(true);
    expect(inFlight.count).toBe(0);
  });
});
