// The built-in encoder thread serves a search's query before the batches background jobs queued:
// a query asked for while four batches wait is answered before the last of them.
import { describe, expect, it } from 'vitest';
import { builtinEmbedder } from './embeddings.js';

describe('the built-in embedder', () => {
  it('answers a query ahead of the batches already waiting, with the same vector as asked alone', async () => {
    const embedder = builtinEmbedder();
    await embedder.embed(['warm-up: the model loads once']);
    const order: string[] = [];
    const texts = (k: number) =>
      Array.from({ length: 32 }, (_, i) => `Batch ${k}, step ${i}: soak at -40 °C and check the bus voltage`);
    const batches = [1, 2, 3, 4].map((k) =>
      embedder.embed(texts(k)).then((v) => {
        order.push(`batch ${k}`);
        return v;
      }),
    );
    const query = embedder
      .embed(['reaction wheel current crept up'], undefined, { query: true })
      .then((v) => {
        order.push('query');
        return v;
      });
    const [queried] = await query;
    await Promise.all(batches);
    expect(order.indexOf('query')).toBeLessThan(order.indexOf('batch 4'));
    expect(order.indexOf('query')).toBeLessThanOrEqual(1); // at most the batch already on the thread
    expect(order.filter((o) => o.startsWith('batch'))).toEqual(['batch 1', 'batch 2', 'batch 3', 'batch 4']);
    const [alone] = await embedder.embed(['reaction wheel current crept up']);
    expect(queried).toHaveLength(512);
    queried!.forEach((x, i) => expect(x).toBeCloseTo(alone![i]!, 5));
  });
});
