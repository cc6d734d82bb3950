import { mailboxAddress } from "@/lib/api/email-address";
import { guardianDigestContent, isoWeek, mondayOf } from "@/lib/guardians/digest-content";
import { guardianBody } from "@/lib/guardians/schemas";

describe("the weekly family summary's words", () => {
  it("names ISO weeks across year ends", () => {
    expect(isoWeek("2026-12-02")).toBe("2026-W49");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
    expect(isoWeek("2026-01-04")).toBe("2026-W01");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
  });

  it("says when nothing has met yet", () => {
    const { subject, content } = guardianDigestContent({
      monday: "2026-11-30",
      student: { first_name: "Rosa", last_name: "Diaz" },
      guardianName: "",
      cells: [],
    });
    expect(subject).toBe("Rosa Diaz: Focus Block week of Mon Nov 30");
    expect(content.paragraphs).toEqual([
      "Hello, here is Rosa Diaz's Focus Block week of Monday, Nov 30.",
      "No Focus Block has met for Rosa this week.",
    ]);
    expect(content.sections).toEqual([]);
  });
});

describe("the weekly family summary in the guardian's language", () => {
  const staff = { id: 1, title: "Ms.", first_name: "Elena", last_name: "Ruiz" };
  const cells = [
    { student_id: 1, date: "2026-11-30", status: "attended", logged_by: staff, appointment: null, planned_with: null, amendment_memo: null },
    {
      student_id: 1,
      date: "2026-12-01",
      status: "missed",
      logged_by: null,
      appointment: { ...staff, memo: "Math test retake" },
      planned_with: null,
      amendment_memo: null,
    },
  ] as unknown as Parameters<typeof guardianDigestContent>[0]["cells"];
  const input = { monday: "2026-11-30", student: { first_name: "Rosa", last_name: "Diaz" }, guardianName: "Maria Diaz", cells, timezone: "America/Toronto" };

  it("writes Spanish with usted, the dates by Intl", () => {
    const { subject, content } = guardianDigestContent({ ...input, locale: "es" });
    expect(subject).toBe("Rosa Diaz: semana de bloque Focus del 30 de noviembre");
    expect(content.paragraphs).toEqual([
      "Hola, Maria Diaz: este es el resumen del bloque Focus de Rosa Diaz de la semana del lunes 30 de noviembre.",
      "Rosa asistió a 1 de 2 bloques Focus y faltó a 1.",
    ]);
    expect(content.sections?.[0]?.lines).toEqual(["lun 30 nov: asistió con Ms. Ruiz", "mar 1 dic: faltó, sin registro de asistencia (cita con Ms. Ruiz: Math test retake)"]);
    expect(content.sections?.[1]).toEqual({ title: "Faltas (1)", lines: ["martes 1 de diciembre"] });
    expect(content.note).toMatch(/^Usted recibe este resumen semanal/);
    expect(content.locale).toBe("es");
  });

  it("writes French (Canada)", () => {
    const { subject, content } = guardianDigestContent({ ...input, locale: "fr-CA" });
    expect(subject).toBe("Rosa Diaz : semaine de bloc Focus du 30 novembre");
    expect(content.heading).toBe("La semaine de bloc Focus de Rosa");
    expect(content.paragraphs[1]).toBe("Rosa a assisté à 1 sur 2 blocs Focus et en a manqué 1.");
    expect(content.sections?.[2]).toEqual({ title: "Rendez-vous (1)", lines: ["mar. 1 déc. : Ms. Ruiz, Math test retake"] });
    expect(content.unsubscribeLabel).toBe("Ne plus recevoir le résumé hebdomadaire du bloc Focus");
  });

  it("keeps English exactly, with no language marked", () => {
    const { subject, content } = guardianDigestContent({ ...input, locale: "en" });
    expect(subject).toBe("Rosa Diaz: Focus Block week of Mon Nov 30");
    expect(content.paragraphs).toEqual([
      "Hello Maria Diaz, here is Rosa Diaz's Focus Block week of Monday, Nov 30.",
      "Rosa attended 1 of 2 Focus Blocks and missed 1.",
    ]);
    expect(content.sections?.[0]?.lines).toEqual([
      "Mon Nov 30: attended with Ms. Ruiz",
      "Tue Dec 1: missed, not checked in (appointment with Ms. Ruiz: Math test retake)",
    ]);
    expect(content.sections?.[2]?.lines).toEqual(["Tue Dec 1: Ms. Ruiz, Math test retake"]);
    expect(content.locale).toBeUndefined();
  });
});

describe("family contact addresses", () => {
  it("takes one mailbox, lower-cased, and refuses the rest", () => {
    expect(mailboxAddress(" Parent@Family.Example ")).toBe("parent@family.example");
    for (const bad of ["a@", "a b@x.example", "x@y.example\r\nBcc: z@y.example", "x@y.example\n", "jöse@x.example", `${"a".repeat(250)}@x.example`, ""]) {
      expect(mailboxAddress(bad)).toBeNull();
    }
  });

  it("defaults the relationship to guardian and refuses a name with a line break", () => {
    expect(guardianBody.parse({ name: "Ana Ruiz", email: "ana@family.example" })).toEqual({
      name: "Ana Ruiz",
      email: "ana@family.example",
      relationship: "guardian",
    });
    expect(guardianBody.safeParse({ name: "Ana\nRuiz", email: "ana@family.example" }).success).toBe(false);
  });
});
