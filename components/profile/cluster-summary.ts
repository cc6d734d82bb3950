/**
 * The student profile's cluster line (spec §2): one name alone; two joined by "and"; three or more
 * the first two plus a count of the others ("Robotics, Choir and 2 other Clusters"). Empty: null.
 */
export function clusterSummary(names: readonly string[]): string | null {
  const list = names.map((name) => name.trim()).filter(Boolean);
  if (list.length === 0) return null;
  if (list.length === 1) return list[0]!;
  if (list.length === 2) return `${list[0]} and ${list[1]}`;
  const others = list.length - 2;
  return `${list[0]}, ${list[1]} and ${others} other ${others === 1 ? "Cluster" : "Clusters"}`;
}
