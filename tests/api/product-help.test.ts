/** @jest-environment node */
import { eq } from "drizzle-orm";
import { wikiGroups, wikiPosts } from "@/db/schema";
import type { HelpGroup } from "@/lib/wiki/help/content";
import { shipProductHelp } from "@/lib/wiki/help/ship";
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
