import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { StudentToDo } from "@/components/placement/student-to-do";
import { StandingChoices } from "@/components/profile/standing-choices";
import type { AppLocale } from "@/lib/i18n/locales";
import { IntlWrapper } from "../helpers/intl-wrapper";

/** What the student still has to do and their usual choices, in French (Canada) and Spanish. */
const auth = {
  user: { role: "student" },
  settings: { values: { timezone: { value: "America/Toronto" } } },
};
jest.mock("@/components/auth/use-auth", () => ({ useAuth: () => auth, useSignedInUser: () => auth }));
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  fetcher: async (key: string) => (key.includes("placement") ? mockToDo : mockChoices),
}));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => "/profile",
}));

const mockToDo = {
  // Tuesday Dec 8 and Thursday Dec 10; the cutoff is the Monday before, 8:30 at the school.
  open: [
    { date: "2026-12-08", block_id: 2, cutoff_at: null, choose_until: null },
    { date: "2026-12-10", block_id: 2, cutoff_at: null, choose_until: null },
  ],
  next_cutoff_at: "2026-12-07T13:30:00.000Z",
};
const mockChoices = {
  standing_choices: [
    {
      id: 3,
      staff: { id: 11, name: "Ruiz, Ana" },
      day_type: null,
      weekday: 1,
      pattern: "Monday",
      from: "2026-12-03",
      until: "2027-01-29",
      created_at: "2026-12-01T10:00:00Z",
    },
  ],
  cycle: { kind: "weekly", day_types: ["Monday", "Wednesday"] },
  teachers: [{ id: 11, name: "Ruiz, Ana" }],
  today: "2026-12-03",
};

function renderIn(locale: AppLocale, ui: ReactNode) {
  return render(
    <IntlWrapper locale={locale}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </IntlWrapper>,
  );
}

describe("the student's to-do", () => {
  it("counts the blocks without a teacher and warns of the cutoff in French", async () => {
    renderIn("fr-CA", <StudentToDo />);
    expect(await screen.findByText("2 blocs Focus à venir sans enseignant·e")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choisir pour mardi 8 décembre" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Tu n’as pas encore choisi d’enseignant·e pour le bloc Focus de mardi. Si tu ne choisis pas avant lundi, 8 h 30, tu seras placé·e avec ton enseignant·e titulaire.",
    );
  });

  it("in Spanish", async () => {
    renderIn("es", <StudentToDo />);
    expect(await screen.findByText("2 bloques Focus próximos sin docente")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Elegir para el martes, 8 de diciembre" })).toBeInTheDocument();
  });

  it("keeps the spec's English", async () => {
    renderIn("en", <StudentToDo />);
    expect(await screen.findByText("2 upcoming Focus Blocks without a teacher")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose for Tuesday, Dec 8" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "You have not chosen a teacher for Tuesday's Focus Block yet. If you do not choose by 08:30 on Monday, you will be placed with your homeroom teacher.",
    );
  });
});

describe("the usual choices", () => {
  it("names a weekday choice, its dates and the sentence's fields in French", async () => {
    renderIn("fr-CA", <StandingChoices />);
    expect(await screen.findByText("Chaque lundi avec Ruiz")).toBeInTheDocument();
    expect(screen.getByText("du 3 déc. 2026 au 29 janv. 2027")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retirer chaque lundi avec Ruiz" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Chaque" })).toHaveDisplayValue("lundi");
    expect(screen.getByRole("button", { name: "Ajouter le choix habituel" })).toBeInTheDocument();
  });

  it("in Spanish", async () => {
    renderIn("es", <StandingChoices />);
    expect(await screen.findByText("Cada lunes con Ruiz")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Mis elecciones habituales" })).toBeInTheDocument();
  });
});
