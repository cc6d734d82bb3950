import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import useSWR, { SWRConfig } from "swr";
import { isStarKey, StarToggle } from "@/components/profile/star-toggle";
import { hitsOf, showAllLabel, totalOf, type SearchResponse } from "@/components/shell/search-results";
import { starredRows, StarredPanel, type StarredItem } from "@/components/shell/starred-panel";
import { fetcher } from "@/lib/api/request.client";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/students/5",
}));

const results: SearchResponse["results"] = {
  students: [{ id: 5, first_name: "Maya", last_name: "Castellano", grade: 11 }],
  staff: [{ id: 2, title: "Mr.", first_name: "Daniel", last_name: "Reyes", email: "teacher@demo.school" }],
  courses: [
    { name: "Science 10", short_name: "SCI10", teacher: { id: 2, name: "Mr. Reyes, Daniel" } },
    { name: "Study Hall", short_name: "STU", teacher: null },
  ],
  clusters: [
    { id: 3, name: "Robotics", member_count: 1 },
    { id: 4, name: "Choir", member_count: 12 },
  ],
  wiki: [{ id: 9, title: "Keyboard shortcuts", group_title: "Getting started", snippet: "" }],
};

describe("search results", () => {
  it("gives each kind its detail line: grade, email, teacher, member count, and the wiki post's group", () => {
    expect(hitsOf("students", results)[0]).toMatchObject({
      label: "Maya Castellano",
      href: "/students/5",
      detail: "Grade 11",
    });
    expect(hitsOf("staff", results)[0]).toMatchObject({
      label: "Mr. Reyes, Daniel",
      detail: "teacher@demo.school",
    });
    expect(hitsOf("courses", results).map((h) => h.detail)).toEqual(["Mr. Reyes, Daniel", "No teacher"]);
    expect(hitsOf("courses", results)[0]!.href).toBe("/courses/SCI10");
    expect(hitsOf("clusters", results).map((h) => h.detail)).toEqual(["1 member", "12 members"]);
    expect(hitsOf("wiki", results)[0]).toMatchObject({ href: "/wiki/post/9", detail: "Getting started" });
  });

  it("tells two students of the same name and grade apart by number (when sent) and homeroom", () => {
    const twins = {
      ...results,
      students: [
        { id: 7, first_name: "Maya", last_name: "Singh", grade: 9, student_number: "320001", homeroom: { id: 2, name: "Ms. Okafor, Ines" } },
        { id: 8, first_name: "Maya", last_name: "Singh", grade: 9, homeroom: null },
      ],
    };
    expect(hitsOf("students", twins).map((h) => h.detail)).toEqual([
      "Grade 9 · No. 320001 · Homeroom Ms. Okafor, Ines",
      "Grade 9",
    ]);
  });

  it("leaves the detail out when an older server sends only the spec's fields", () => {
    const bare = {
      ...results,
      students: [{ id: 1, first_name: "A", last_name: "B" }],
      clusters: [{ id: 1, name: "C" }],
    };
    expect(hitsOf("students", bare)[0]!.detail).toBeUndefined();
    expect(hitsOf("clusters", bare)[0]!.detail).toBeUndefined();
    expect(totalOf({ query: "a", results: bare }, "students")).toBe(1);
  });

  it("names the Show all button by the count and kind", () => {
    expect(showAllLabel("students", 23)).toBe("Show all 23 students");
    expect(showAllLabel("staff", 7)).toBe("Show all 7 staff");
    expect(showAllLabel("wiki", 6)).toBe("Show all 6 wiki posts");
    expect(totalOf({ query: "a", results, totals: { clusters: 40 } }, "clusters")).toBe(40);
  });
});

describe("star views", () => {
  it("refreshes the Starred list, profiles, course and cluster pages, and nothing else", () => {
    for (const key of [
      "/api/starred",
      "/api/students/profile/5",
      "/api/students/profile/self",
      "/api/staff/profile/2",
      "/api/courses/SCI10",
      "/api/clusters/3",
    ]) {
      expect([key, isStarKey(key)]).toEqual([key, true]);
    }
    for (const key of [
      "/api/clusters",
      "/api/students",
      "/api/staff/2/schedule",
      "/api/search?query=a",
      "/api/starred/x",
      ["/api/starred"],
    ]) {
      expect([key, isStarKey(key)]).toEqual([key, false]);
    }
  });

  it("keeps an item unstarred in the panel listed with an empty star, so it can be starred again", () => {
    const maya: StarredItem = {
      id: 1,
      item_type: "student",
      item_id: 5,
      label: "Maya Castellano",
      isStarred: true,
    };
    const choir: StarredItem = { id: 2, item_type: "cluster", item_id: 4, label: "Choir", isStarred: true };
    expect(starredRows([choir], [maya])).toEqual([
      { type: "student", items: [{ item: maya, starred: false }] },
      { type: "cluster", items: [{ item: choir, starred: true }] },
    ]);
    expect(starredRows([maya, choir], [maya])[0]!.items).toEqual([{ item: maya, starred: true }]);
  });

  it("unstarring in the Starred panel empties the star on the open profile without a reload", async () => {
    let starred = true;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/unstar" && init?.method === "POST") starred = false;
      if (url === "/api/star" && init?.method === "POST") starred = true;
      const body =
        url === "/api/starred"
          ? starred
            ? [{ id: 1, item_type: "student", item_id: 5, label: "Maya Castellano", isStarred: true }]
            : []
          : url === "/api/students/profile/5"
            ? { id: 5, name: "Maya Castellano", starred }
            : "Maya Castellano";
      return { ok: true, status: 200, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;

    function Profile() {
      const { data } = useSWR<{ starred: boolean }>("/api/students/profile/5");
      return data ? (
        <StarToggle itemType="student" itemId={5} starred={data.starred} name="Maya Castellano" />
      ) : null;
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <Profile />
        <section aria-label="Starred panel">
          <StarredPanel onNavigate={jest.fn()} />
        </section>
      </SWRConfig>,
    );
    const panel = await screen.findByRole("region", { name: "Starred panel" });
    const inPanel = await waitFor(() => {
      const button = panel.querySelector<HTMLButtonElement>('button[aria-label="Unstar Maya Castellano"]');
      expect(button).not.toBeNull();
      return button!;
    });
    const onProfile = () =>
      screen.getAllByRole("button", { name: /Maya Castellano$/ }).find((b) => !panel.contains(b))!;
    expect(onProfile()).toHaveAttribute("aria-pressed", "true");

    await act(async () => fireEvent.click(inPanel));
    await waitFor(() => expect(onProfile()).toHaveAttribute("aria-pressed", "false"));
    expect(onProfile()).toHaveAccessibleName("Star Maya Castellano");
    // Still listed in the panel, with an empty star, to star again.
    expect(panel.querySelector('button[aria-label="Star Maya Castellano"]')).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    await act(async () => fireEvent.click(panel.querySelector('button[aria-label="Star Maya Castellano"]')!));
    await waitFor(() => expect(onProfile()).toHaveAttribute("aria-pressed", "true"));
  });
});
