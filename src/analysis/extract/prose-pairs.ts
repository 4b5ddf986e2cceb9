// "Limit Switch East and Limit Switch West report the East Limit and the West Limit": two lists of as
// many members, read member by member ("respectively", said or not) when each subject shares the word
// that sets it apart (East, West) with exactly one object. Without such words, or with "respectively"
// missing and the words not matching one to one, every subject relates to every object as before.

const words = (name: string): Set<string> =>
  new Set(
    name
      .toLowerCase()
      .split(/[\s-]+/)
      .filter((w) => w),
  );

/** The words of each name that not every name of the list has: what tells the members apart. */
function distinctive(names: string[]): Set<string>[] {
  const sets = names.map(words);
  const common = [...sets[0]!].filter((w) => sets.every((s) => s.has(w)));
  return sets.map((s) => new Set([...s].filter((w) => !common.includes(w))));
}

/**
 * The object each subject relates to when the two lists pair up member by member, or undefined when
 * they do not (every subject then relates to every object). `respectively` pairs them in order.
 */
export function pairedMembers(
  subjects: string[],
  objects: string[],
  respectively = false,
): Map<string, string> | undefined {
  if (subjects.length < 2 || subjects.length !== objects.length) return undefined;
  if (respectively) return new Map(subjects.map((s, i) => [s, objects[i]!]));
  const [ds, dobj] = [distinctive(subjects), distinctive(objects)];
  const out = new Map<string, string>();
  const taken = new Set<number>();
  for (let i = 0; i < subjects.length; i++) {
    const hits = dobj.map((o, j) => j).filter((j) => [...ds[i]!].some((w) => dobj[j]!.has(w)));
    if (hits.length !== 1 || taken.has(hits[0]!)) return undefined;
    taken.add(hits[0]!);
    out.set(subjects[i]!, objects[hits[0]!]!);
  }
  return out;
}
