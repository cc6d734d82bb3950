/** Where each kind of directory item lives in the app (search results, starred items). */
export type ItemType = "student" | "staff" | "course" | "cluster";

export function itemHref(type: ItemType, id: number, shortName?: string | null): string {
  switch (type) {
    case "student":
      return `/students/${id}`;
    case "staff":
      return `/staff/${id}`;
    case "course":
      return `/courses/${encodeURIComponent(shortName ?? String(id))}`;
    case "cluster":
      return `/clusters/${id}`;
  }
}

export const GROUP_TITLES: Record<ItemType, string> = {
  student: "Students",
  staff: "Staff",
  course: "Courses",
  cluster: "Clusters",
};
