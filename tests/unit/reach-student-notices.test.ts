import { notChosenContent } from "@/lib/reach/messages";
import { studentLocale } from "@/lib/reach/student-words";
import { schoolInstant } from "@/lib/core/time";

/** A reminder to choose, in the student's language (lib/reach/student-words.ts); English keeps its words. */
const ZONE = "America/Vancouver";
const input = {
  date: "2026-12-08",
  blockId: 3,
  firstName: "Lucía",
  cutoffAt: schoolInstant("2026-12-08", "08:05", ZONE),
  cutoff: { kind: "time" as const, time: "08:05" },
  timezone: ZONE,
};

describe("notChosenContent in the student's language", () => {
  it("English keeps its words, with no locale for the layout", () => {
    const { subject, content } = notChosenContent(input);
    expect(subject).toBe("Choose your Focus Block for Tue Dec 8");
    expect(content.paragraphs).toEqual([
      "Hi Lucía, you have not chosen a teacher for Focus Block on Tuesday, Dec 8 yet.",
      "If you do not choose by 8:05 AM on Tuesday, you will be placed with your homeroom teacher.",
    ]);
    expect(content.locale).toBeUndefined();
    expect(content.unsubscribeLabel).toBeUndefined();
  });

  it("French (tu), with the school's clock as « 8 h 05 »", () => {
    const { subject, content } = notChosenContent({ ...input, locale: "fr-CA" });
    expect(subject).toBe("Choisis ton bloc Focus du mar. 8 déc.");
    expect(content.heading).toBe("Choisis un·e enseignant·e pour le mardi 8 décembre");
    expect(content.paragraphs[1]).toBe("Si tu ne choisis pas d’ici 8 h 05 le mardi, tu seras placé·e avec ton enseignant·e titulaire.");
    expect(content.locale).toBe("fr-CA");
  });

  it("Spanish (tú), the cutoff on the day before with its date", () => {
    const { content } = notChosenContent({ ...input, locale: "es", cutoffAt: schoolInstant("2026-12-07", "15:30", ZONE) });
    expect(content.paragraphs).toEqual([
      "Hola, Lucía: todavía no elegiste docente para el bloque Focus del martes 8 de diciembre.",
      "Si no eliges antes de las 15:30 del lunes 7 de diciembre, te asignarán a tu docente titular.",
    ]);
    expect(content.action?.label).toBe("Elegir un docente");
  });

  it("reads the student's choice, else the school's default, else English", () => {
    expect(studentLocale("es", "fr-CA")).toBe("es");
    expect(studentLocale(null, "fr-CA")).toBe("fr-CA");
    expect(studentLocale("en-XA", "xx")).toBe("en");
    expect(studentLocale(undefined, undefined)).toBe("en");
  });
});
