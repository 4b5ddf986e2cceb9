// Whole–part edges in a model export run one way or the other depending on the tool (EA draws them
// from the part to the whole); the shape of the edges tells which.

/**
 * Whole–part edges drawn from the part to the whole: each part is the source of one edge while wholes
 * are the target of several. Drawn the other way, each part is a target once and wholes are sources
 * of several. Undecided (a single edge, or no end repeated) reads them as stated.
 */
export function partsDrawnFirst(edges: [source: string, target: string][]): boolean {
  const count = (ids: string[]): number[] => {
    const n = new Map<string, number>();
    for (const id of ids) n.set(id, (n.get(id) ?? 0) + 1);
    return [...n.values()];
  };
  const bySource = count(edges.map(([s]) => s));
  const byTarget = count(edges.map(([, t]) => t));
  return bySource.every((n) => n === 1) && byTarget.some((n) => n > 1);
}
