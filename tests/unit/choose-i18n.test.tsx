import { render, renderHook, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { CurrentUser } from "@/components/auth/types";
import { StudentBlockDialogBody } from "@/components/calendar/student-block-dialog";
import { useReasonSentence } from "@/components/calendar/use-reason-sentence";
import { TooltipProvider } from "@/components/ui/tooltip";
import { NOT_OPEN_TO_YOU } from "@/lib/choice/audience";
import { choiceClosedSentence, deadlineWords } from "@/lib/choice/deadlines";
import { messagesFor } from "@/lib/i18n/catalogues";
import type { AppLocale } from "@/lib/i18n/locales";
import { sentenceFor, type Reason } from "@/lib/core/schedule/reason";
import type { ScheduleDay, StaffListEntry, StudentScheduleBlock } from "@/lib/core/schedule/types";
import { schoolInstant } from "@/lib/core/time";
import { lockedSentence } from "@/lib/requests/locks";
import { IntlWrapper } from "../helpers/intl-wrapper";

/** The student's own block dialog (the reason, until when to choose, the teachers and their waitlists) in French and Spanish. */
const auth = { settings: { values: { timezone: { value: "America/Vancouver" } }, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => auth,
  useSignedInUser: () => auth,
}));
let entries: StaffListEntry[] = [];
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: jest.fn(async () => entries),
}));

const row = (id: number, name: string, more: Partial<StaffListEntry>): StaffListEntry =>
  ({
    staff: { id, name, initials: "XX", color: "blue", capacity: 30 },
    topic: null,
    num_scheduled: 5,
    num_remaining: 25,
    seats: 30,
    waitlist: 0,
    waitlist_position: null,
    offered_until: null,
    ...more,
  }) as StaffListEntry;

const reyes = { id: 7, name: "Mr. Reyes, Daniel" };
const ruiz = { id: 8, name: "Ms. Ruiz, Elena" };
const student = { id: 3, name: "Sam Park" };
const block = (over: Partial<StudentScheduleBlock> = {}): StudentScheduleBlock => ({
  id: 2,
  start: "1:26 PM",
  end: "2:06 PM",
  label: "Focus Block",
  flex: true,
  pending: true,
  scheduled: null,
  amendments: [],
  appointments: [],
  logs: [],
  reason: { kind: "chosen", teacher: reyes, at: "2026-12-04T18:00:00.000Z" },
  // 08:00 in Vancouver, whatever the runtime's zone data says its offset is that day.
  choose_until: schoolInstant("2099-12-08", "08:00", "America/Vancouver").toISOString(),
  ...over,
});
const day = { date: { iso: "2026-12-08", day: "Tue", date: "8", full_date: "Dec 8, 2026", is_today: false } } as ScheduleDay<StudentScheduleBlock>;
const me = { account_type: "student", role: "student", details: { id: 3 } } as unknown as CurrentUser;

const dialog = (locale: AppLocale, over: Partial<StudentScheduleBlock> = {}) =>
  render(
    <IntlWrapper locale={locale}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <TooltipProvider>
          <StudentBlockDialogBody block={block(over)} day={day} studentId={3} viewer="self" user={me} onChanged={jest.fn()} />
        </TooltipProvider>
      </SWRConfig>
    </IntlWrapper>,
  );

beforeEach(() => {
  entries = [
    row(7, reyes.name, { topic: { id: 1, memo: "Math help", color: "teal" } as StaffListEntry["topic"] }),
    row(8, ruiz.name, { num_remaining: 0, waitlist: 2, waitlist_position: 1 }),
    row(9, "Mx. Lee, Sam", { num_remaining: 1 }),
  ];
});

describe("the student's block dialog in French (Canada)", () => {
  it("says why, until when and whom to choose, in French", async () => {
    dialog("fr-CA");
    expect(screen.getByTestId("block-reason")).toHaveTextContent("Tu as choisi Mr. Reyes le 4 décembre.");
    expect(screen.getByTestId("choose-until")).toHaveTextContent(/^Tu peux choisir jusqu'au mardi 8 décembre à 8 h 00\.$/);
    expect(screen.getByText("Choisis un·e enseignant·e :")).toBeInTheDocument();
    expect(await screen.findByText("25 places libres sur 30")).toBeInTheDocument();
    expect(screen.getByText("1 place libre sur 30")).toBeInTheDocument();
    expect(screen.getByText("Complet · 2 en attente")).toBeInTheDocument();
    expect(screen.getByTestId("waitlist-position-8")).toHaveTextContent("Tu es 1er sur la liste d'attente.");
    expect(screen.getByRole("button", { name: "Quitter la liste d'attente de Ms. Ruiz" })).toBeInTheDocument();
    expect(screen.getByText("Aucun rendez-vous")).toBeInTheDocument();
    expect(screen.getByText("Aucune présence enregistrée")).toBeInTheDocument();
    // What the school typed stays as it is.
    expect(screen.getByText("Math help")).toBeInTheDocument();
  });

  it("says who holds a locked block, and the attendance's time and method", () => {
    dialog("fr-CA", {
      appointments: [{ id: 4, memo: "reprise d'examen.", date: "2026-12-08", block_id: 2, staff: ruiz, student, locked: true }],
      logs: [{ id: 5, time: "1:30 PM", method: "kiosk", staff: reyes, topic: null } as unknown as StudentScheduleBlock["logs"][number]],
    });
    expect(screen.getByTestId("locked-reason")).toHaveTextContent("Ms. Ruiz t'a réservé·e pour reprise d'examen — demande-lui de le changer.");
    const attendance = screen.getByRole("region", { name: "Présences" });
    expect(within(attendance).getByText("13 h 30 · Par borne")).toBeInTheDocument();
  });
});

describe("the student's block dialog in Spanish", () => {
  it("says why, until when and whom to choose, in Spanish", async () => {
    dialog("es", { scheduled: { ...reyes, initials: "DR", color: "blue", topic: null } as StudentScheduleBlock["scheduled"] });
    expect(screen.getByTestId("block-reason")).toHaveTextContent("Elegiste a Mr. Reyes el 4 de diciembre.");
    expect(screen.getByText("Cambia de docente:")).toBeInTheDocument();
    expect(await screen.findByText("Tu plan")).toBeInTheDocument();
    expect(screen.getByText("Lleno · 2 en espera")).toBeInTheDocument();
    expect(screen.getByTestId("waitlist-position-8")).toHaveTextContent("Estás en el 1.º lugar de la lista de espera.");
    expect(screen.getByText("No hay citas reservadas")).toBeInTheDocument();
  });
});

describe("English says what the rules and the spec say", () => {
  const timezone = "America/Vancouver";
  const at = "2026-12-08T16:00:00.000Z";
  const reasons: Reason[] = [
    { kind: "chosen", teacher: reyes, at },
    { kind: "chosen", at },
    { kind: "placed", teacher: reyes, at },
    { kind: "booked", by: ruiz, memo: "Retake.", at },
    { kind: "booked", at },
    { kind: "booked", by: ruiz, memo: "Retake.", locked: false, at },
    { kind: "booked", locked: false, at },
    { kind: "power_scheduler", by: ruiz, at },
    { kind: "power_scheduler", batch: "amendment", everyone: true, memo: "Assembly", at },
    { kind: "power_scheduler", by: ruiz, batch: "amendment", at },
    { kind: "amended", by: ruiz, memo: " Trip ", at },
    { kind: "amended", at },
    { kind: "waitlist", teacher: reyes, at },
    { kind: "standing", teacher: reyes, weekday: 2, at },
    { kind: "standing", teacher: reyes, weekday: 6, at },
    { kind: "standing", teacher: reyes, day_type: "Day 2", at },
    { kind: "standing", teacher: reyes, at },
  ] as Reason[];

  it("the student's own reason sentences are sentenceFor's", () => {
    const sentence = renderHook(() => useReasonSentence()).result.current;
    for (const reason of reasons) expect(sentence(reason, timezone)).toBe(sentenceFor(reason, { viewer: "self", timezone }));
  });

  it("the locked sentence, the deadlines and the plan picker's mark", () => {
    const en = messagesFor("en").choose;
    expect(en.deadline.closed.replace("{when}", deadlineWords(at, timezone))).toBe(choiceClosedSentence(at, timezone));
    expect(en.picker.notOpenToYou).toBe(NOT_OPEN_TO_YOU);
    dialog("en", { appointments: [{ id: 4, memo: "a retake!", date: "2026-12-08", block_id: 2, staff: ruiz, student, locked: true }] });
    expect(screen.getByTestId("locked-reason")).toHaveTextContent(lockedSentence({ name: ruiz.name }, "a retake!"));
  });
});
