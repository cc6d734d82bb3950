/** @jest-environment node */
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { POST as amendmentRoute } from "@/app/api/amendment/route";
import { POST as passwordReset } from "@/app/api/password-reset/route";
import { POST as sendNow } from "@/app/api/reminders/send/route";
import { POST as blockMessage } from "@/app/api/staff/block-message/route";
import { notificationRecipients, notifications, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { tellMoved } from "@/lib/schedule/moved.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { createPlan, THU, TUE, WED } from "../helpers/timetable-factories";

/**
 * What a student is told by email is in the student's language: their own choice (users.locale), else
 * the school's default-locale, else English (lib/reach/student-words.ts). What the school or a teacher
 * typed (a memo, a message) is not translated.
 */
const state = useTestDb();
let smtp: TestSmtpServer;
let focus: { id: number };
const tokens: Record<string, string> = {};
const kids: Record<string, Awaited<ReturnType<typeof createStudent>>> = {};

const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

async function collect(before: number, address: string) {
  await runPendingJobs(state.db);
  await smtp.waitFor(before + 1);
  await new Promise((resolve) => setTimeout(resolve, 250));
  const mails = smtp.messages.slice(before).filter((m) => toOf(m) === address);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ focus } = await createWeekTimetable(state.db));
  await setSetting(state.db, "quiet-hours", "");
  const ruiz = await createStaff(state.db, { title: "Ms.", first_name: "Elena", last_name: "Ruiz", email: "ruiz@school.example" });
  tokens.ruiz = await tokenFor(state.db, ruiz);
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db, { email: "head@school.example" }));
  kids.lucia = await createStudent(state.db, { first_name: "Lucía", last_name: "Vega", email: "lucia@students.example" });
  kids.luc = await createStudent(state.db, { first_name: "Luc", last_name: "Roy", email: "luc@students.example" });
  kids.ann = await createStudent(state.db, { first_name: "Ann", last_name: "Lee", email: "ann@students.example" });
  await state.db.update(users).set({ locale: "es" }).where(eq(users.id, kids.lucia.user.id));
  await state.db.update(users).set({ locale: "en" }).where(eq(users.id, kids.ann.user.id));
  await createPlan(state.db, { student_id: kids.lucia.student.id, staff_id: ruiz.staff.id, block_id: focus.id, date: WED });
});
afterAll(async () => {
  await smtp.close();
});

describe("notices to students, in the student's language", () => {
  it("a reminder to choose: Spanish for a student who chose Español, the school's French for one who chose nothing, English for English", async () => {
    await setSetting(state.db, "default-locale", "fr-CA");
    try {
      const before = smtp.messages.length;
      expect((await call(sendNow, { token: tokens.admin, body: { kind: "not_chosen", date: TUE } })).status).toBe(202);
      const lucia = await collect(before, "lucia@students.example");
      expect(lucia.subject).toMatch(/^Elige tu bloque Focus del mar\S* \d+ \S+$/);
      expect(lucia.text).toMatch(/Hola, Lucía: todavía no elegiste docente para el bloque Focus del martes \d+ de \p{L}+\./u);
      expect(lucia.text).toContain("Elegir un docente");
      expect(lucia.text).toContain("Recibes este recordatorio porque todavía no elegiste.");
      expect(lucia.text).toContain("Dejar de recibir recordatorios para elegir docente");
      expect(lucia.html).toContain('<html lang="es"');
      const luc = await collect(before, "luc@students.example");
      expect(luc.subject).toMatch(/^Choisis ton bloc Focus du mar/);
      expect(luc.text).toMatch(/Bonjour Luc, tu n’as pas encore choisi d’enseignant·e pour le bloc Focus du mardi \d+ \p{L}+\./u);
      const ann = await collect(before, "ann@students.example");
      expect(ann.subject).toMatch(/^Choose your Focus Block for Tue /);
      expect(ann.text).toContain("Hi Ann, you have not chosen a teacher for Focus Block on Tuesday, ");
    } finally {
      await setSetting(state.db, "default-locale", "en");
    }
  });

  it("you were moved, and why: in Spanish, with the teacher's memo as typed", async () => {
    const before = smtp.messages.length;
    const amended = await call(amendmentRoute, { token: tokens.ruiz, body: { student_id: kids.lucia.student.id, block_id: focus.id, date: THU, memo: "Band trip" } });
    expect(amended.status).toBe(201);
    const mail = await collect(before, "lucia@students.example");
    expect(mail.subject).toMatch(/^Tu bloque Focus del jue\S* \d+ \S+ cambió$/);
    expect(mail.text).toContain("Ms. Ruiz modificó este bloque: Band trip.");
    expect(mail.text).toContain("Ver tu día");
    expect(mail.text).toContain("Recibes este mensaje porque otra persona cambió tu bloque Focus.");
    expect(mail.text).toContain("Enviado por Flexblock para");
  });

  it("a teacher's block message: the words around it in Spanish, the teacher's text as written", async () => {
    const before = smtp.messages.length;
    expect((await call(blockMessage, { token: tokens.ruiz, body: { block_id: focus.id, date: WED, text: "Bring your lab notebook." } })).status).toBe(202);
    const mail = await collect(before, "lucia@students.example");
    expect(mail.subject).toMatch(/^Ms\. Ruiz sobre .+ el mié/);
    expect(mail.text).toMatch(/Un mensaje de Ms\. Ruiz sobre .+ el miércoles \d+ de \p{L}+/u);
    expect(mail.text).toContain("Bring your lab notebook.");
    expect(mail.text).toContain("Recibes este mensaje porque estás con Ms. Ruiz (o en su lista de espera) para ese bloque Focus.");
  });

  it("a password link for a student who chose Español", async () => {
    await setSetting(state.db, "password-reset-by-email", "everyone");
    const before = smtp.messages.length;
    const asked = await call(passwordReset, {
      body: { username: kids.lucia.user.username },
      headers: { [process.env.FLEXBLOCK_PEER_HEADER!]: "198.51.100.7" },
    });
    expect(asked.status).toBe(202);
    const mail = await collect(before, "lucia@students.example");
    expect(mail.subject).toBe("Restablece tu contraseña de Flexblock");
    expect(mail.text).toContain(`Hola, Lucía: alguien pidió restablecer la contraseña de Flexblock de ${kids.lucia.user.username} en `);
    expect(mail.text).toContain("El enlace funciona una sola vez, durante 30 minutos.");
    expect(mail.html).toContain('<html lang="es"');
  });

  it("a usual teacher who is full, and a teacher who takes fewer students: the product's words in Spanish, in the inbox too", async () => {
    const ruiz = { title: "Ms.", first_name: "Elena", last_name: "Ruiz" };
    const id = kids.lucia.student.id;
    await state.db.transaction((tx) =>
      tellMoved(
        tx,
        [
          {
            student_id: id,
            occasion: "standing:lang",
            change: {
              kind: "standing",
              teacher: ruiz,
              pattern: "Tuesdays",
              patternOf: { day_type: null, weekday: 2 },
              outcome: "waitlisted",
              detail: "Ms. Ruiz is full, so you are on their waitlist.",
              because: "full",
              dates: ["2026-12-08"],
            },
          },
          { student_id: id, occasion: "lowered:lang", change: { kind: "seats_lowered", teacher: ruiz, dates: ["2026-12-09"] } },
        ],
        new Date(),
      ),
    );
    const inbox = await state.db
      .select({ body: notifications.body })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
      .where(eq(notificationRecipients.student_id, id))
      .orderBy(notifications.id);
    const [standing, lowered] = inbox.slice(-2).map((n) => n.body);
    expect(standing).toBe(
      "Tu bloque Focus del martes 8 de diciembre cambió: Tu elección habitual (los martes) con Ms. Ruiz no se pudo planificar para el bloque Focus del martes 8 de diciembre: " +
        "Ms. Ruiz no tiene lugar, así que estás en su lista de espera. Si se libera un lugar, puede ser tuyo; mientras tanto, elige otro docente si quieres.",
    );
    expect(lowered).toContain("Ms. Ruiz ahora recibe menos estudiantes en el bloque Focus del miércoles 9 de diciembre, así que tu plan con esa persona se canceló.");
  });
});
