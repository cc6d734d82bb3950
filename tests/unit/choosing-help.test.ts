/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { RUNGS } from "@/lib/core/choice/ladder";
import { SETTINGS } from "@/lib/setting-definitions";
import { NOT_OPEN_TO_YOU } from "@/lib/choice/audience";
import { CHOOSING, ladderTable } from "@/lib/wiki/help/choosing-post.server";
import { HELP_GROUPS } from "@/lib/wiki/help/content";

/** The Help post on choosing shows the ladder the server keeps, the settings' names and the screens' words. */

const root = path.join(__dirname, "..", "..");
const source = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const plain = (body: string) => body.replace(/[*`]/g, "").replace(/\s+/g, " ");

describe("the Help post on choosing", () => {
  it("lists every rung of the ladder, in the ladder's order, with its lock", () => {
    const rows = CHOOSING.body.split("\n").filter((line) => /^\| \d+ \|/.test(line));
    expect(rows).toHaveLength(RUNGS.length);
    rows.forEach((row, i) => {
      const rung = RUNGS[i]!;
      expect(row).toBe(`| ${i + 1} | **${rung.label}** | ${rung.locked ? "Locked" : "Not locked"} | ${rung.says} |`);
    });
    expect(CHOOSING.body).toContain(ladderTable());
  });

  it("names the Choosing settings by their keys, and each exists", () => {
    const keys = new Set(SETTINGS.map((s) => s.key));
    const named = ["choice-deadline", "request-deadline", "waitlist-mode", "waitlist-offer-minutes", "waitlist-limit", "standing-choice-days", "appointment_limit"];
    for (const key of named) {
      expect(keys.has(key)).toBe(true);
      expect(plain(CHOOSING.body)).toContain(key);
    }
    expect(SETTINGS.filter((s) => s.group === "Choosing").map((s) => s.key).filter((k) => !named.includes(k))).toEqual([]);
  });

  it("quotes the words on the screens: the topic form's fields and the plan picker's mark", () => {
    const text = plain(CHOOSING.body);
    for (const [file, phrases] of Object.entries({
      "components/topics/audience-fields.tsx": ["Who may join", "Seats"],
      "components/calendar/plan-picker.tsx": ["NOT_OPEN_TO_YOU"],
    })) {
      for (const phrase of phrases) {
        expect(source(file)).toContain(phrase);
        if (phrase !== "NOT_OPEN_TO_YOU") expect(text).toContain(phrase);
      }
    }
    expect(text).toContain(NOT_OPEN_TO_YOU);
  });

  it("is read by students and staff (the students' group)", () => {
    expect(HELP_GROUPS.find((g) => g.key === "for-students")!.posts).toContainEqual(expect.objectContaining(CHOOSING));
  });
});
