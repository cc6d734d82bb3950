import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { wikiGroups, wikiPosts } from "../schema";
import type { SeededPeople } from "./people";
import { IMPORT_CSV, POWER_SCHEDULER, RESET_PASSWORD, STUDENT_PLANNING } from "./wiki-admin-posts";
import { APPOINTMENTS, CALENDAR_COLOURS, CHECK_IN, KEYBOARD, WELCOME } from "./wiki-staff-posts";

/**
 * The demo wiki: Flexblock's own help, grouped by who it is for, plus the change log. Posts link to
 * each other as `(post:slug)`; seedWiki turns those into `/wiki/post/{id}` once the ids exist.
 */

export interface SeedPost {
  slug: string;
  title: string;
  body: string;
}

const CHANGE_LOG = {
  slug: "change-log",
  title: "Flexblock 1.2 release notes",
  body: `## 1.2.9
- Refresh buttons on the schedule, check-in and student pages reload the data without reloading the page.
- Faster weekly schedules for large schools.

## 1.2.8
- Students can no longer plan their own Focus Block once a teacher has booked them an appointment
  for it; staff can clear the student's plan when booking.
- Teachers can mark a topic as **unavailable**; students cannot plan into that block while it is scheduled.

## 1.2.7
- **Classroom capacity.** Each teacher has a capacity (30 by default). Students cannot plan into a
  Focus Block that is full, even when two of them try at the same moment.
- Duplicate check-ins for the same student and block are refused.

## 1.2.6
- **Appointment limit.** A new *appointment_limit* setting caps how many appointments a student can
  have in one block on one date (0 for no limit).
- Backdated and advance check-ins keep the moment they were captured and show as *retroactive* or *proactive*.

## 1.2.5
- **Credentials manager** for administrators: reset passwords, expire passwords, and disable or
  re-enable accounts for many users at once.

## 1.2.4
- **Check-in errors list.** Student numbers that could not be checked in stay on screen with the reason.

## 1.2.3
- **Forced password change.** New accounts and reset passwords must be changed at the first sign-in.
  Cancelling the change signs you out.
- Signing out ends the session on the server.

## 1.2.2
- **Remembered users.** The sign-in screen remembers the accounts used on this device, so you can
  pick yours instead of typing it.

## 1.2.1
- Global amendments: cancel the Focus Block for every student on a date.
- Bug fixes and speed improvements.

## 1.2.0
- Topics, the Power Scheduler and notifications between staff.
`,
};

export const WIKI_GROUPS: { title: string; subtitle: string; posts: SeedPost[] }[] = [
  {
    title: "Getting started",
    subtitle: "For every teacher and administrator: finding your way, reading calendars, the keyboard",
    posts: [WELCOME, CALENDAR_COLOURS, KEYBOARD],
  },
  {
    title: "Teaching with Flexblock",
    subtitle: "Checking students in, appointments and amendments, day to day",
    posts: [CHECK_IN, APPOINTMENTS],
  },
  {
    title: "For administrators",
    subtitle: "Rosters, scheduling many students at once, and passwords",
    posts: [IMPORT_CSV, POWER_SCHEDULER, RESET_PASSWORD],
  },
  {
    title: "For students",
    subtitle: "Students cannot open the wiki: print these pages or share them with your class",
    posts: [STUDENT_PLANNING],
  },
  { title: "Change Log", subtitle: "What changed in each release", posts: [CHANGE_LOG] },
];

const LINK = /\]\(post:([a-z0-9-]+)\)/g;

/** Markdown with `(post:slug)` links pointing at the posts' pages. Unknown slugs are a bug in the content. */
export function resolvePostLinks(body: string, idOf: (slug: string) => number | undefined): string {
  return body.replace(LINK, (_, slug: string) => {
    const id = idOf(slug);
    if (id === undefined) throw new Error(`Wiki seed: no post "${slug}"`);
    return `](/wiki/post/${id})`;
  });
}

/** The wiki groups and their posts, written by the demo sysadmin; three statements plus one per linking post. */
export async function seedWiki(db: Db, people: SeededPeople): Promise<void> {
  const groups = await db
    .insert(wikiGroups)
    .values(
      WIKI_GROUPS.map((group, position) => ({ title: group.title, subtitle: group.subtitle, position })),
    )
    .returning({ id: wikiGroups.id });
  const author = { author_user_id: people.sysadminUserId, author_name: "System Administrator" };
  const rows = WIKI_GROUPS.flatMap((group, g) =>
    group.posts.map((post, position) => ({
      group_id: groups[g]!.id,
      title: post.title,
      body: post.body,
      position,
      ...author,
    })),
  );
  const inserted = await db
    .insert(wikiPosts)
    .values(rows)
    .returning({ id: wikiPosts.id, title: wikiPosts.title });
  const idByTitle = new Map(inserted.map((row) => [row.title, row.id]));
  const posts = WIKI_GROUPS.flatMap((group) => group.posts);
  const ids = new Map(posts.map((post) => [post.slug, idByTitle.get(post.title)!]));
  for (const post of posts) {
    const body = resolvePostLinks(post.body, (slug) => ids.get(slug));
    if (body === post.body) continue;
    // Only the seed writes these rows; updated_at stays equal to created_at.
    await db
      .update(wikiPosts)
      .set({ body, updated_at: sql`${wikiPosts.created_at}` })
      .where(eq(wikiPosts.id, ids.get(post.slug)!));
  }
}
