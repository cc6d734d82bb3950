import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { airCodeSecrets, staff } from "../schema";

/** A teacher's Air Check-in secret, and the school date they last showed a code. */
export async function airSecretOf(db: Db, staffId: number) {
  const [row] = await db
    .select({ secret: airCodeSecrets.secret, shown_on: airCodeSecrets.shown_on })
    .from(airCodeSecrets)
    .where(eq(airCodeSecrets.staff_id, staffId));
  return row ?? null;
}

/**
 * Creates the teacher's secret (or keeps the one there) and marks today as a day they showed a code:
 * at most one write per teacher per day. Answers the secret that is stored.
 */
export async function markAirCodeShown(db: Db, staffId: number, newSecret: string, date: string) {
  const [row] = await db
    .insert(airCodeSecrets)
    .values({ staff_id: staffId, secret: newSecret, shown_on: date })
    .onConflictDoUpdate({ target: airCodeSecrets.staff_id, set: { shown_on: date } })
    .returning({ secret: airCodeSecrets.secret });
  return row!.secret;
}

/** The teachers who showed a code on the date, with their secrets and names: the candidates for a typed code. */
export function airCodeCandidates(db: Db, date: string) {
  return db
    .select({
      staff_id: airCodeSecrets.staff_id,
      secret: airCodeSecrets.secret,
      title: staff.title,
      first_name: staff.first_name,
      last_name: staff.last_name,
    })
    .from(airCodeSecrets)
    .innerJoin(staff, eq(staff.id, airCodeSecrets.staff_id))
    .where(eq(airCodeSecrets.shown_on, date));
}
