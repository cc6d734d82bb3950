import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { GroupDialog } from "@/components/wiki/group-dialog";
import { StudentHelp, StudentHelpPost } from "@/components/wiki/student-help";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { AppLocale } from "@/lib/i18n/locales";
import { IntlWrapper } from "../helpers/intl-wrapper";

/** A student's Help screens, and the administrator's switch that puts a group there. */

const auth = { user: { role: "student" }, settings: { values: {}, groups: [] }, signOut: jest.fn() };
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
  usePathname: () => "/help",
}));
// react-markdown is ESM only: the post's body as text, with the link rewrite applied to one sample link.
jest.mock("@/components/wiki/markdown", () => ({
  Markdown: ({ children, linkTo }: { children: string; linkTo?: (href: string) => string }) => (
    <div>
      <p>{children}</p>
      <a href={linkTo ? linkTo("/wiki/post/12") : "/wiki/post/12"}>sample link</a>
    </div>
  ),
}));
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: jest.fn(async (_path: string, body: Record<string, unknown>) => ({
    id: 9,
    post_count: 0,
    position: 0,
    new: false,
    ...body,
  })),
}));

function withData(ui: React.ReactNode, fetcher: (key: string) => Promise<unknown>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      {ui}
    </SWRConfig>,
  );
}

const GROUP = {
  id: 4,
  title: "For students",
  subtitle: "Planning",
  position: 0,
  audience: "everyone",
  post_count: 1,
  new: true,
};
const POST = {
  id: 12,
  title: "Planning your Focus Block",
  body: "Choose a teacher.",
  excerpt: "Choose a teacher.",
  author: { name: "Flexblock" },
  group_id: 4,
  position: 0,
  created_at: "",
  updated_at: "",
};

describe("a student's Help", () => {
  it("lists the groups shared with students and their pages", async () => {
    withData(<StudentHelp />, async (key) => (key === "/api/wiki/groups" ? [GROUP] : [POST]));
    expect(await screen.findByRole("heading", { name: "For students", level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Planning your Focus Block" })).toHaveAttribute(
      "href",
      "/help/12",
    );
    expect(screen.getByRole("link", { name: "Back to your week" })).toHaveAttribute("href", "/profile");
  });

  it("says so when the school has shared nothing with students", async () => {
    withData(<StudentHelp />, async () => []);
    expect(await screen.findByText("No Wiki groups were found")).toBeInTheDocument();
  });

  it("shows one page, and links between pages stay in Help", async () => {
    withData(<StudentHelpPost postId={12} />, async () => ({
      ...POST,
      group: { id: 4, title: "For students" },
    }));
    expect(
      await screen.findByRole("heading", { name: "Planning your Focus Block", level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "sample link" })).toHaveAttribute("href", "/help/12");
  });

  it("says a page that is not shared with students could not be found", async () => {
    withData(<StudentHelpPost postId={13} />, async () => {
      throw new ApiClientError(404, "not_found", "The wiki post could not be found.");
    });
    expect(await screen.findByText("This help page could not be found.")).toBeInTheDocument();
  });
});

describe("a student's Help in their language", () => {
  const inLocale = (locale: AppLocale, ui: React.ReactNode, fetcher: (key: string) => Promise<unknown>) =>
    withData(<IntlWrapper locale={locale}>{ui}</IntlWrapper>, fetcher);

  it("asks for the product's help in French and says the screen's words in French", async () => {
    const keys: string[] = [];
    inLocale("fr-CA", <StudentHelp />, async (key) => {
      keys.push(key);
      return key.startsWith("/api/wiki/groups?") ? [GROUP] : [];
    });
    expect(await screen.findByRole("heading", { name: "Aide", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("Aucune page d’aide trouvée")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à ta semaine" })).toHaveAttribute("href", "/profile");
    expect(keys).toEqual(expect.arrayContaining(["/api/wiki/groups?locale=fr-CA", "/api/wiki/groups/4?locale=fr-CA"]));
  });

  it("says in Spanish when nothing is shared, and when a page is missing", async () => {
    inLocale("es", <StudentHelp />, async () => []);
    expect(await screen.findByText("No se encontraron grupos de ayuda")).toBeInTheDocument();
    expect(screen.getByText("Tu escuela todavía no ha compartido páginas de ayuda con los estudiantes.")).toBeInTheDocument();
  });

  it("says in Spanish that a page could not be found, with the way back to all help", async () => {
    inLocale("es", <StudentHelpPost postId={13} />, async (key) => {
      expect(key).toBe("/api/wiki/posts/13?locale=es");
      throw new ApiClientError(404, "not_found", "The wiki post could not be found.");
    });
    expect(await screen.findByText("No se encontró esta página de ayuda.")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Toda la ayuda" })[0]).toHaveAttribute("href", "/help");
  });
});

describe("the group dialog", () => {
  it("sends who reads the group: students too when ticked", async () => {
    const onSaved = jest.fn();
    render(<GroupDialog open onOpenChange={() => {}} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText(/^Title/), "Study skills");
    await userEvent.click(screen.getByRole("checkbox", { name: /Students can read this group/ }));
    await userEvent.click(screen.getByRole("button", { name: "Create group" }));
    expect(apiPost).toHaveBeenCalledWith("/api/wiki/groups", {
      title: "Study skills",
      subtitle: "",
      audience: "everyone",
    });
    expect(onSaved).toHaveBeenCalled();
  });
});
