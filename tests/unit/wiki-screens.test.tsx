import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { WikiGroupPage } from "@/components/wiki/group-page";
import { WikiHome } from "@/components/wiki/wiki-home";
import { ApiClientError } from "@/lib/api/request.client";

/**
 * The wiki's empty states (spec §8) and its missing group. The markdown itself (react-markdown is ESM only)
 * is tested in the browser: tests/e2e/wiki.spec.ts.
 */

const auth = { user: { role: "teacher" }, settings: { values: {}, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
  usePathname: () => "/wiki",
}));

function withData(ui: React.ReactNode, fetcher: (key: string) => Promise<unknown>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      {ui}
    </SWRConfig>,
  );
}

describe("empty states", () => {
  it("/wiki without groups says 'No Wiki groups were found'", async () => {
    withData(<WikiHome />, async () => []);
    expect(await screen.findByText("No Wiki groups were found")).toBeInTheDocument();
    // A teacher reads; only administrators get New group.
    expect(screen.queryByRole("button", { name: "New group" })).toBeNull();
  });

  it("a group without posts says 'No Wiki posts were found'", async () => {
    withData(<WikiGroupPage groupId={3} />, async (key) =>
      key === "/api/wiki/groups" ? [{ id: 3, title: "Exams", subtitle: "", position: 0, post_count: 0 }] : [],
    );
    expect(await screen.findByText("No Wiki posts were found")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Exams", level: 1 })).toBeInTheDocument();
  });

  it("an unknown group says so and leads back to the wiki", async () => {
    withData(<WikiGroupPage groupId={99} />, async (key) => {
      if (key === "/api/wiki/groups") return [];
      throw new ApiClientError(404, "not_found", "The wiki group could not be found.");
    });
    expect(await screen.findByText("This wiki group could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the Wiki" })).toHaveAttribute("href", "/wiki");
  });
});
