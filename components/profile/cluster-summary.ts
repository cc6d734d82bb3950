/** How a language joins the cluster names: two of them, or the first two and a count of the others. */
export interface ClusterWords {
  two: (first: string, second: string) => string;
  more: (first: string, second: string, others: number) => string;
}

const ENGLISH: ClusterWords = {
  two: (first, second) => `${first} and ${second}`,
  more: (first, second, others) =>
    `${first}, ${second} and ${others} other ${others === 1 ? "Cluster" : "Clusters"}`,
};

/**
 * The student profile's cluster line (spec §2): one name alone; two joined by "and"; three or more
 * the first two plus a count of the others ("Robotics, Choir and 2 other Clusters"). Empty: null.
 */
export function clusterSummary(names: readonly string[], words: ClusterWords = ENGLISH): string | null {
  const list = names.map((name) => name.trim()).filter(Boolean);
  if (list.length === 0) return null;
  if (list.length === 1) return list[0]!;
  if (list.length === 2) return words.two(list[0]!, list[1]!);
  return words.more(list[0]!, list[1]!, list.length - 2);
}
