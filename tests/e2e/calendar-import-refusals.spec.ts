import os from "node:os";
import path from "node:path";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The calendar import's refusals as the administrator sees them: a file with a rule repeating every
 * second, a day that does not exist and a time zone nobody knows is refused at once, each line named
 * in the dialog beside the file, and nothing is imported; a file fixed is then previewed as usual.
 * Screenshots at 1280×800 and 390×844 go to $CALENDAR_SHOTS (default /tmp/calendar-shots).
 */
const SHOTS = process.env.CALENDAR_SHOTS ?? path.join(os.tmpdir(), "calendar-shots");

const ics = (...lines: string[]) =>
  Buffer.from(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flexblock e2e//EN", ...lines, "END:VCALENDAR", ""].join("\r\n"));
const HOSTILE = ics(
  "BEGIN:VEVENT",
  "UID:often@e2e",
  "DTSTART:20270105T080000Z",
  "RRULE:FREQ=SECONDLY",
  "SUMMARY:Every second",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:feb30@e2e",
  "DTSTART;VALUE=DATE:20270230",
  "SUMMARY:Closed",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:mars@e2e",
  "DTSTART;TZID=Mars/Olympus_Mons:20270210T100000",
  "SUMMARY:Landing",
  "END:VEVENT",
);

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an .ics file with a sub-daily rule, February 30 and an unknown time zone is refused line by line, at ${size.width} wide`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, "admin", "/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "School calendar" })).toBeVisible();
    await page.getByRole("button", { name: "Import calendar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import calendar" });
    const file = dialog.getByLabel("Calendar file");
    await file.setInputFiles({ name: "district.ics", mimeType: "text/calendar", buffer: HOSTILE });

    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText("Nothing was imported. Correct these lines and choose the file again:");
    await expect(alert.getByRole("listitem")).toHaveText([
      "Line 7: the event repeats every second (RRULE FREQ=SECONDLY). Events on a school calendar repeat daily at most: export the calendar without this rule.",
      'Line 12: DTSTART "20270230" is not a date.',
      'Line 17: the time zone "Mars/Olympus_Mons" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as America/Vancouver.',
    ]);
    await expect(file).toHaveAttribute("aria-invalid", "true");
    await expect(file).toHaveAccessibleDescription(/^Nothing was imported\. Correct these lines/);
    await expect(dialog.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, `import-refused-${size.width}.png`) });

    // The file fixed: the preview as usual, the refusal gone.
    await file.setInputFiles({
      name: "district.ics",
      mimeType: "text/calendar",
      buffer: ics("BEGIN:VEVENT", "UID:feb28@e2e", "DTSTART;VALUE=DATE:20270228", "SUMMARY:Closed", "END:VEVENT"),
    });
    await expect(dialog.getByRole("alert")).toBeHidden();
    await expect(dialog.getByRole("status")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toBeHidden();
  });
}
