import { render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { BlockTile } from "@/components/calendar/block-tile";
import { METHOD_KEYS, METHOD_LABELS } from "@/components/calendar/method-labels";
import { ENGLISH_TILE_WORDS, studentDayMark, studentTile } from "@/components/calendar/tile-rules";
import { useMethodLabel, useTileWords } from "@/components/calendar/use-calendar-words";
import { WeekCalendar } from "@/components/calendar/week-calendar";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { AppLocale } from "@/lib/i18n/locales";
import type { StudentScheduleBlock, StudentScheduleResponse } from "@/lib/core/schedule/types";
import { IntlWrapper } from "../helpers/intl-wrapper";

/** A student's week, its tiles and its toolbar in French (Canada) and Spanish; English keeps the API's and the spec's words. */
const inLocale = (locale: AppLocale) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <IntlWrapper locale={locale}>
        <TooltipProvider>{children}</TooltipProvider>
      </IntlWrapper>
    );
  };

const staff = { id: 7, name: "Mr. Smith, Jane" };
const student = { id: 3, name: "Sam Park" };
const block = (over: Partial<StudentScheduleBlock>): StudentScheduleBlock => ({
  id: 9,
  start: "1:26 PM",
  end: "2:06 PM",
  label: "Focus Block",
  flex: true,
  pending: true,
  amendments: [],
  appointments: [],
  logs: [],
  scheduled: null,
  ...over,
});

const schedule: StudentScheduleResponse = {
  range: "Mar 15 - 21, 2026",
  next: "2026-03-25",
  previous: "2026-03-11",
  min_date: "2026-01-05",
  max_date: "2026-06-26",
  schedule: [
    {
      date: { day: "Tue", date: "17", full_date: "Mar 17, 2026", iso: "2026-03-17", is_today: false },
      events: [],
      blocks: [block({ pending: false })],
    },
    {
      date: { day: "Wed", date: "18", full_date: "Mar 18, 2026", iso: "2026-03-18", is_today: true },
      events: [],
      blocks: [
        block({ id: 10, amendments: [{ id: 1, memo: "Trip", date: "2026-03-18", block_id: 10, staff, student }] }),
        block({ id: 11, label: "Block 2", appointments: [{ id: 4, memo: "Retake", date: "2026-03-18", block_id: 11, staff, student }] }),
      ],
    },
    { date: { day: "Thu", date: "19", full_date: "Mar 19, 2026", iso: "2026-03-19", is_today: false }, events: [], blocks: [block({})] },
  ],
};

const week = (locale: AppLocale) =>
  render(
    <WeekCalendar
      schedule={schedule}
      validating={false}
      date={null}
      onNavigate={jest.fn()}
      onRefresh={jest.fn()}
      describe={studentTile}
      dayMark={studentDayMark}
      onOpenBlock={jest.fn()}
    />,
    { wrapper: inLocale(locale) },
  );

describe("a student's week in French (Canada)", () => {
  it("writes the week, the days, the times and the tiles' words in French", () => {
    week("fr-CA");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("15–21 mars 2026");
    expect(screen.getByRole("button", { name: "Aujourd'hui" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Semaine précédente" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Aller à la date" })).toHaveTextContent("2026-03-18");
    expect(screen.getByRole("heading", { name: "mercredi 18 mars 2026, aujourd'hui" })).toBeInTheDocument();
    expect(screen.getAllByText("Période modifiée").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Rendez-vous : Retake").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Absent·e").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Aucun horaire").length).toBeGreaterThan(0);
    const tile = screen.getAllByTestId("block-2026-03-18-11")[0]!;
    expect(tile).toHaveAccessibleName("Block 2, mercredi 18 mars 2026, de 13 h 26 à 14 h 06. Mr. Smith, Jane. Rendez-vous : Retake. 1 rendez-vous");
    expect(screen.getByRole("tab", { name: "jeudi 19 mars 2026, choix à faire" })).toBeInTheDocument();
  });
});

describe("a student's week in Spanish", () => {
  it("writes the week, the days, the times and the tiles' words in Spanish", () => {
    week("es");
    expect(screen.getByRole("button", { name: "Hoy" })).toBeDisabled();
    expect(screen.getByRole("heading", { name: "miércoles, 18 de marzo de 2026, hoy" })).toBeInTheDocument();
    expect(screen.getAllByText("Bloque modificado").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Cita: Retake").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Sin horario").length).toBeGreaterThan(0);
    expect(screen.getAllByText("13:26 – 14:06").length).toBeGreaterThan(0);
  });

  it("counts a tile's appointments with the language's plural", () => {
    const appointments = [1, 2].map((id) => ({ id, memo: "", date: "2026-03-18", block_id: 11, staff, student }));
    const tileBlock = block({ appointments });
    render(<BlockTile block={tileBlock} view={studentTile(tileBlock)} dayName="miércoles" onOpen={jest.fn()} />, { wrapper: inLocale("es") });
    expect(screen.getByRole("button")).toHaveAccessibleName(/\. 2 citas$/);
  });
});

describe("English keeps its words", () => {
  it("the tile rules' words from the catalogue are the rules' own English", () => {
    const { result } = renderHook(() => useTileWords());
    const words = result.current;
    expect([words.noSchedule, words.blockAmended, words.unavailable, words.stillToChoose]).toEqual([
      ENGLISH_TILE_WORDS.noSchedule,
      ENGLISH_TILE_WORDS.blockAmended,
      ENGLISH_TILE_WORDS.unavailable,
      ENGLISH_TILE_WORDS.stillToChoose,
    ]);
    for (const n of [1, 2, 12]) expect(words.planned(n)).toBe(ENGLISH_TILE_WORDS.planned(n));
    for (const memo of ["", "Retake"]) expect(words.appointment(memo)).toBe(ENGLISH_TILE_WORDS.appointment(memo));
  });

  it("the method labels from the catalogue are METHOD_LABELS, and an unknown method shows as it came", () => {
    const label = renderHook(() => useMethodLabel()).result.current;
    for (const method of Object.keys(METHOD_KEYS)) expect(label(method)).toBe(METHOD_LABELS[method]);
    expect(label("carrier-pigeon")).toBe("carrier-pigeon");
  });

  it("the week, days and times are the API's words", () => {
    week("en");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Mar 15 - 21, 2026");
    expect(screen.getByRole("heading", { name: "Wed Mar 18, 2026, today" })).toBeInTheDocument();
    expect(screen.getAllByTestId("block-2026-03-18-11")[0]).toHaveAccessibleName(
      "Block 2, Wed Mar 18, 2026, 1:26 PM to 2:06 PM. Mr. Smith, Jane. Appointment: Retake. 1 appointment",
    );
  });
});
