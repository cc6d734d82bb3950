import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { StaffListScreen } from "@/components/people/staff-list";
import { studentClass } from "@/components/people/student-class";
import { StudentListScreen } from "@/components/people/student-list";
import { ApiClientError } from "@/lib/api/request.client";
import type { StaffListItem, StudentListItem } from "@/lib/people/lists.server";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push }),
  usePathname: () => "/students",
}));

describe("studentClass (spec §9)", () => {
  it("is Senior from grade 11 up and Junior below", () => {
    expect([8, 9, 10, 11, 12].map(studentClass)).toEqual(["Junior", "Junior", "Junior", "Senior", "Senior"]);
  });
});

const students: StudentListItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  first_name: `First${i + 1}`,
  last_name: `Last${String(i + 1).padStart(2, "0")}`,
  name: `First${i + 1} Last${String(i + 1).padStart(2, "0")}`,
  grade: 8 + (i % 5),
  initials: "FL",
  color: "teal",
  student_number: null,
}));

function withData(ui: React.ReactNode, fetcher: (key: string) => Promise<unknown>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      {ui}
    </SWRConfig>,
  );
}
const bodyRows = () => within(screen.getAllByRole("rowgroup")[1]!).queryAllByRole("row");

describe("StudentListScreen", () => {
  beforeEach(() => window.localStorage.clear());

  it("shows grade and class, links each row to the profile, and filters by class", async () => {
    const user = userEvent.setup();
    withData(<StudentListScreen />, async () => students);
    expect(screen.getByRole("heading", { name: "Students" })).toBeInTheDocument();
    // A long list starts at 25 rows a page; 5 a page here to page through.
    expect(await screen.findByText("1–12 of 12")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Rows per page"), "5");
    expect(screen.getByText("1–5 of 12")).toBeInTheDocument();
    const first = bodyRows()[0]!;
    expect(within(first).getByRole("link", { name: "Last01, First1" })).toHaveAttribute(
      "href",
      "/students/1",
    );
    expect(first).toHaveTextContent("8");
    expect(first).toHaveTextContent("Junior");

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("6–10 of 12")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Class"), "Senior");
    // grades 11 and 12: students 4, 5, 9, 10 — back on the first page
    expect(screen.getByText("1–4 of 4")).toBeInTheDocument();
    expect(bodyRows().every((row) => row.textContent?.includes("Senior"))).toBe(true);
    await user.selectOptions(screen.getByLabelText("Class"), "Junior");
    expect(screen.getByText("1–5 of 8")).toBeInTheDocument();

    await user.click(within(bodyRows()[0]!).getAllByRole("cell")[1]!);
    expect(push).toHaveBeenCalledWith("/students/1");
  });

  it("leads to the clusters (named groups of students), which no menu lists", async () => {
    withData(<StudentListScreen />, async () => students);
    expect(await screen.findByRole("link", { name: "Clusters" })).toHaveAttribute("href", "/clusters");
  });

  it("says 'No data available' when there are no students", async () => {
    withData(<StudentListScreen />, async () => []);
    expect(await screen.findByText("No data available")).toBeInTheDocument();
  });

  it("offers a retry when the list cannot be loaded", async () => {
    let fail = true;
    const user = userEvent.setup();
    withData(<StudentListScreen />, async () => {
      if (fail) throw new ApiClientError(500, "server_error", "The server had a problem.");
      return students;
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The student list could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("1–12 of 12")).toBeInTheDocument();
  });

  it("shows the student numbers where the server sends them, and no column otherwise", async () => {
    withData(<StudentListScreen />, async () =>
      students.map((s) => ({ ...s, student_number: `1000${String(s.id).padStart(2, "0")}` })),
    );
    expect(await screen.findByRole("columnheader", { name: "Student number" })).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent("100001");
    await user().type(screen.getByRole("searchbox", { name: "Search students" }), "100012");
    expect(bodyRows()).toHaveLength(1);
  });

  it("has no number column when the server sends none (show-student-numbers off)", async () => {
    withData(<StudentListScreen />, async () => students.map((s) => ({ ...s, student_number: null })));
    expect(await screen.findByText("1–12 of 12")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Student number" })).not.toBeInTheDocument();
  });
});

const user = () => userEvent.setup();

describe("StaffListScreen", () => {
  it("lists last name, first name and email with profile links, and searches", async () => {
    const staff: StaffListItem[] = [
      {
        id: 7,
        first_name: "Ada",
        last_name: "Lovelace",
        name: "Ms. Lovelace, Ada",
        title: "Ms.",
        email: "ada@x.school",
        initials: "AL",
        color: "teal",
        administrator: false,
        capacity: null,
        takes_students: true,
        position: "Secretary",
        department: "Main office",
        homeroom: null,
      },
      {
        id: 3,
        first_name: "Alan",
        last_name: "Turing",
        name: "Mr. Turing, Alan",
        title: "Mr.",
        email: "alan@x.school",
        initials: "AT",
        color: "blue",
        administrator: true,
        capacity: null,
        takes_students: true,
        position: "",
        department: "",
        homeroom: "HR-12",
      },
    ];
    const user = userEvent.setup();
    withData(<StaffListScreen />, async () => staff);
    expect(await screen.findByRole("link", { name: "Turing, Alan" })).toHaveAttribute("href", "/staff/3");
    expect(screen.getAllByText("ada@x.school")).toHaveLength(2); // its column, and under the name on phones
    // The SIS's job title and department, so office staff are easy to pick out.
    expect(screen.getByRole("columnheader", { name: /Position/ })).toBeInTheDocument();
    expect(screen.getAllByText("Secretary, Main office").length).toBeGreaterThan(0);
    await user.type(screen.getByRole("searchbox", { name: "Search staff" }), "turing");
    expect(bodyRows()).toHaveLength(1);
    expect(screen.queryByText("ada@x.school")).not.toBeInTheDocument();
  });
});
