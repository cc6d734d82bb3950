/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { auditLog, wikiGroups, wikiPosts } from "@/db/schema";
import type { HelpGroup } from "@/lib/wiki/help/content";
import { shipProductHelp } from "@/lib/wiki/help/ship.server";
import { useTestDb } from "../helpers/db";

const state = useTestDb();

const release = (welcome: string, extra: HelpGroup["posts"] = []): HelpGroup[] => [
  {
    key: "basics",
    title: "Basics",
    subtitle: "",
    audience: "staff",
    posts: [
      { slug: "welcome", title: "Welcome", body: `${welcome} See [checking in](post:check-in).` },
      { slug: "check-in", title: "Checking in", body: "Scan the cards." },
      ...extra,
    ],
  },
];

const post = async (key: string) =>
  (await state.db.select().from(wikiPosts).where(eq(wikiPosts.product_key, key)))[0];

describe("shipping the product's help", () => {
  const T1 = new Date("2026-09-01T12:00:00Z");
  const T2 = new Date("2026-10-01T12:00:00Z");

  it("creates the groups and posts with links to each other's pages", async () => {
    await shipProductHelp(state.db, T1, release("Hello."));
    const welcome = await post("welcome");
    const checkIn = await post("check-in");
    expect(welcome!.body).toBe(`Hello. See [checking in](/wiki/post/${checkIn!.id}).`);
    expect(welcome!.author_name).toBe("Flexblock");
  });

  it("updates a post the school left alone, keeps one it edited, and never brings back one it deleted", async () => {
    const checkIn = await post("check-in");
    await state.db.update(wikiPosts).set({ body: "Our own words." }).where(eq(wikiPosts.id, checkIn!.id));
    await shipProductHelp(state.db, T2, release("Hello again."));
    expect((await post("welcome"))!.body).toBe(`Hello again. See [checking in](/wiki/post/${checkIn!.id}).`);
    expect((await post("check-in"))!.body).toBe("Our own words.");

    await state.db.delete(wikiPosts).where(eq(wikiPosts.id, checkIn!.id));
    await shipProductHelp(state.db, T2, release("Hello a third time."));
    expect(await post("check-in")).toBeUndefined();
    // The link to the deleted post becomes its words.
    expect((await post("welcome"))!.body).toBe("Hello a third time. See checking in.");
  });

  it("adds a post a later release brings, into the school's copy of its group", async () => {
    await shipProductHelp(
      state.db,
      T2,
      release("Hello a third time.", [{ slug: "new", title: "New", body: "New page." }]),
    );
    const added = await post("new");
    const [group] = await state.db.select().from(wikiGroups).where(eq(wikiGroups.product_key, "basics"));
    expect(added!.group_id).toBe(group!.id);
    const groups = await state.db.select().from(wikiGroups);
    expect(groups).toHaveLength(1);
  });

  it("ships once when two instances start together", async () => {
    const other = release("Hello a third time.", [{ slug: "newer", title: "Newer", body: "Newer page." }]);
    await Promise.all([shipProductHelp(state.db, T2, other), shipProductHelp(state.db, T2, other)]);
    expect(await state.db.select().from(wikiPosts).where(eq(wikiPosts.product_key, "newer"))).toHaveLength(1);
  });
});

describe("a database seeded by an earlier release (the demo school's help as ordinary wiki rows)", () => {
  const old = useTestDb();

  it("is adopted by migration 0015: no second copy, this release's text, the students' group readable by them", async () => {
    const { HELP_GROUPS } = await import("@/lib/wiki/help/content");
    const students = HELP_GROUPS.find((g) => g.key === "for-students")!;
    const gettingStarted = HELP_GROUPS.find((g) => g.key === "getting-started")!;
    const [oldStudents, oldStarted] = await old.db
      .insert(wikiGroups)
      .values([
        {
          title: students.title,
          subtitle: "Students cannot open the wiki: print these pages or share them with your class",
          position: 3,
        },
        { title: gettingStarted.title, subtitle: "", position: 0 },
      ])
      .returning();
    const oldPosts = await old.db
      .insert(wikiPosts)
      .values([
        {
          group_id: oldStudents!.id,
          title: students.posts[0]!.title,
          body: "*Teachers: students cannot open the wiki.*",
          author_name: "System Administrator",
        },
        {
          group_id: oldStarted!.id,
          title: gettingStarted.posts[0]!.title,
          body: "Old welcome.",
          author_name: "System Administrator",
        },
        {
          group_id: oldStarted!.id,
          title: gettingStarted.posts[2]!.title,
          body: "Our own shortcuts.",
          author_name: "System Administrator",
        },
      ])
      .returning();
    // The school edited the third one: the audit log says so, and the upgrade leaves it as written.
    await old.db
      .insert(auditLog)
      .values({ action: "wiki.post.update", details: { post_id: oldPosts[2]!.id } });
    const migration = fs.readFileSync(
      path.join(process.cwd(), "db/migrations/0015_adopt_seeded_help.sql"),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint"))
      await old.db.execute(sql.raw(statement));

    await shipProductHelp(old.db, new Date());
    const groups = await old.db.select().from(wikiGroups);
    expect(groups.filter((g) => g.title === students.title)).toHaveLength(1);
    expect(groups.filter((g) => g.title === gettingStarted.title)).toHaveLength(1);
    expect(groups.find((g) => g.title === students.title)).toMatchObject({
      audience: "everyone",
      subtitle: "Students read these pages under Help on their own page",
    });
    expect(groups.length).toBe(HELP_GROUPS.length);
    const posts = await old.db.select().from(wikiPosts);
    expect(posts.filter((p) => p.title === students.posts[0]!.title)).toHaveLength(1);
    expect(posts.find((p) => p.product_key === "student-planning")!.body).not.toContain(
      "students cannot open the wiki",
    );
    expect(posts.find((p) => p.product_key === "welcome")!.body).not.toBe("Old welcome.");
    expect(posts.find((p) => p.product_key === gettingStarted.posts[2]!.slug)!.body).toBe(
      "Our own shortcuts.",
    );

    // Once adopted, a post the school deletes stays deleted.
    await old.db.delete(wikiPosts).where(eq(wikiPosts.product_key, "welcome"));
    await shipProductHelp(old.db, new Date());
    expect(await old.db.select().from(wikiPosts).where(eq(wikiPosts.product_key, "welcome"))).toHaveLength(0);
  });
});
