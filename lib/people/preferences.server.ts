import "server-only";
import type { Db } from "@/db";
import { updateUserLocale, type AccountRow } from "@/db/queries/auth";
import { invalid } from "@/lib/api/errors.server";
import { env } from "@/lib/core/env.server";
import { PSEUDO_LOCALE } from "@/lib/i18n/locales";
import type { UserPreferencesBody } from "./preferences";

/** Saves the signed-in person's language; the pseudo-locale only where this deployment offers it. */
export async function saveUserPreferences(db: Db, account: AccountRow, body: UserPreferencesBody) {
  if (body.locale === PSEUDO_LOCALE && env().FLEXBLOCK_PSEUDO_LOCALE !== "1") {
    throw invalid({ locale: ["Choose one of the languages Flexblock offers."] });
  }
  await updateUserLocale(db, account.user.id, body.locale);
  return { locale: body.locale };
}
