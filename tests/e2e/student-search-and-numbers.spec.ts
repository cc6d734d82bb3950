import { expect, signIn, test } from "./helpers";

/**
 * A student added with the spec's payload, as the browser sees it: found by a name typed without
 * accents in the global search and the student list's search box, and shown to a teacher without a
 * number while show-student-numbers is off (the administrator sees it).
 */

test("a student added with the spec's payload is found without accents, and a teacher sees no number", async ({
  page,
  browser,
}) => {
  const token = await signIn(page, "admin", "/students");
  const number = `23${String(Date.now()).slice(-6)}`;
  const created = await page.request.post("/api/students", {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: "Élodie", last_name: "Bélanger", initials: "EB", grade: 10, student_number: number },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number; initial_password: string };
  expect(student.initial_password.length).toBeGreaterThan(7);

  // The student list's search box.
  await page.reload();
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("belanger");
  await expect(page.getByRole("link", { name: /Bélanger/ }).first()).toBeVisible();

  // The global search.
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Search", exact: true });
  await panel.getByRole("searchbox").fill("BELANGER");
  await expect(panel.getByRole("region", { name: "Students", exact: true }).getByRole("link", { name: /Élodie Bélanger/ })).toBeVisible();

  // A teacher opens her profile: no number (show-student-numbers is off in the demo school).
  const teacherPage = await browser.newPage();
  const teacherToken = await signIn(teacherPage, "teacher", `/students/${student.id}`);
  await expect(teacherPage.getByRole("heading", { name: /Élodie Bélanger/ }).first()).toBeVisible();
  await expect(teacherPage.getByText(`#${number}`)).toHaveCount(0);
  const profile = await teacherPage.request.get(`/api/students/profile/${student.id}`, {
    headers: { authorization: `Bearer ${teacherToken}` },
  });
  expect((await profile.json()).student_number).toBeNull();
  // The administrator sees it.
  await page.goto(`/students/${student.id}`);
  await expect(page.getByText(`#${number}`)).toBeVisible();
  await teacherPage.close();
});
