/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as groupPosts } from "@/app/api/wiki/groups/[id]/route";
import { GET as listGroups } from "@/app/api/wiki/groups/route";
import { GET as readPost, PUT as updatePost } from "@/app/api/wiki/posts/[id]/route";
import { wikiGroups, wikiPosts } from "@/db/schema";
import { shipProductHelp } from "@/lib/wiki/help/ship.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** The product's help for students in the Help screen's language, while the school's copy is as shipped. */

const state = useTestDb();
let student: string;
let admin: string;
let groupId: number;
const ids = {} as Record<"planning" | "choosing", number>;

beforeAll(async () => {
  await shipProductHelp(state.db, new Date());
  student = await tokenFor(state.db, await createStudent(state.db));
  admin = await tokenFor(state.db, await createAdmin(state.db));
  const [group] = await state.db.select().from(wikiGroups).where(eq(wikiGroups.product_key, "for-students"));
  groupId = group!.id;
  for (const [name, key] of [["planning", "student-planning"], ["choosing", "choosing-rules"]] as const) {
    ids[name] = (await state.db.select().from(wikiPosts).where(eq(wikiPosts.product_key, key)))[0]!.id;
  }
});

describe("the students' help in their language", () => {
  it("lists the students' group and its posts in Spanish, excerpts included", async () => {
    const groups = await call(listGroups, { token: student, query: { locale: "es" } });
    expect(groups.status).toBe(200);
    expect(groups.body).toEqual([expect.objectContaining({ id: groupId, title: "Para estudiantes" })]);
    const posts = await call(groupPosts, { token: student, params: { id: String(groupId) }, query: { locale: "es" } });
    expect(posts.body.map((p: { title: string }) => p.title)).toEqual([
      "Planear tu bloque Focus (para estudiantes)",
      "Cómo se decide tu bloque Focus: elecciones, bloqueos, plazos y listas de espera",
    ]);
    expect(posts.body[0].excerpt).toMatch(/^El bloque Focus es tu tiempo/);
  });

  it("shows one post in French, its links pointing at this school's posts, its group's title in French", async () => {
    const answer = await call(readPost, { token: student, params: { id: String(ids.choosing) }, query: { locale: "fr-CA" } });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe("Comment ton bloc Focus est décidé : choix, verrous, heures limites et listes d’attente");
    expect(answer.body.body).toContain(`[Planifier ton bloc Focus](/wiki/post/${ids.planning})`);
    expect(answer.body.body).toContain("| 1 | **Rendez-vous** | Verrouillé |");
    expect(answer.body.group.title).toBe("Pour les élèves");
  });

  it("keeps English without a locale, for English, and for a language it does not have", async () => {
    for (const query of [undefined, { locale: "en" }, { locale: "de" }, { locale: "en-XA" }]) {
      const answer = await call(readPost, { token: student, params: { id: String(ids.planning) }, ...(query ? { query } : {}) });
      expect(answer.body.title).toBe("Planning your Focus Block (for students)");
      expect(answer.body.group.title).toBe("For students");
    }
  });

  it("shows the school's edited post and renamed group as the school wrote them, in every language", async () => {
    const current = await call(readPost, { token: admin, params: { id: String(ids.planning) } });
    const edited = await call(updatePost, {
      token: admin,
      params: { id: String(ids.planning) },
      body: { group_id: groupId, title: "Planning at our school", body: current.body.body },
    });
    expect(edited.status).toBe(200);
    await state.db.update(wikiGroups).set({ title: "Student corner" }).where(eq(wikiGroups.id, groupId));
    const answer = await call(readPost, { token: student, params: { id: String(ids.planning) }, query: { locale: "es" } });
    expect(answer.body.title).toBe("Planning at our school");
    expect(answer.body.body).toMatch(/^The \*\*Focus Block\*\* is your time/);
    expect(answer.body.group.title).toBe("Student corner");
    // The other post, unedited, is still in Spanish.
    const other = await call(readPost, { token: student, params: { id: String(ids.choosing) }, query: { locale: "es" } });
    expect(other.body.title).toMatch(/^Cómo se decide tu bloque Focus/);
  });
});
