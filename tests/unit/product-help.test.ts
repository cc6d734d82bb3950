/** @jest-environment node */
import { HELP_GROUPS, resolvePostLinks } from "@/lib/wiki/help/content";

describe("the product's help", () => {
  const posts = HELP_GROUPS.flatMap((group) => group.posts);

  it("has unique keys, so a school's copy ties to one shipped group or post", () => {
    const groupKeys = HELP_GROUPS.map((group) => group.key);
    const slugs = posts.map((post) => post.slug);
    expect(new Set(groupKeys).size).toBe(groupKeys.length);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("links only to posts it ships", () => {
    const slugs = new Set(posts.map((post) => post.slug));
    const targets = posts.flatMap((post) =>
      [...post.body.matchAll(/\]\(post:([a-z0-9-]+)\)/g)].map((m) => m[1]!),
    );
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((slug) => !slugs.has(slug))).toEqual([]);
  });

  it("offers students only the group written for them", () => {
    expect(HELP_GROUPS.filter((group) => group.audience === "everyone").map((group) => group.key)).toEqual([
      "for-students",
    ]);
  });

  it("turns links into the posts' pages, and a link to a missing post into its words", () => {
    const ids = new Map([["a", 7]]);
    expect(resolvePostLinks("See [A](post:a) and [B](post:b).", (slug) => ids.get(slug))).toBe(
      "See [A](/wiki/post/7) and B.",
    );
  });
});
