import "server-only";
import { createElement } from "react";
import { render } from "@react-email/render";
import type { Db } from "@/db";
import type { OutboxRow } from "@/db/queries/outbox";
import { settingValues } from "@/db/queries/settings";
import { DEFAULT_LOCALE, isShippedLocale, type ShippedLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { presentLogo } from "@/lib/settings/logo";
import type { MessageContent } from "./content";
import { isMessageKind, MESSAGE_KINDS } from "./kinds";
import { appUrl, unsubscribeToken } from "./links.server";
import { EmailLayout, type EmailProps, type EmailWords } from "./templates/email";
import { emailText } from "./templates/email-text";

export interface SchoolBrand {
  school: string;
  logoUrl: string | null;
}

export async function schoolBrand(db: Db): Promise<SchoolBrand> {
  const values = new Map((await settingValues(db, ["school_name", "school_logo"])).map((r) => [r.key, r.value]));
  const logo = presentLogo(values.get("school_logo") ?? "").url;
  return { school: values.get("school_name") || "Flexblock", logoUrl: logo ? appUrl(logo) : null };
}

/** The layout's own texts in the content's language (English when it names none). */
export function emailWords(locale: ShippedLocale | undefined, school: string): EmailWords {
  const lang = isShippedLocale(locale) ? locale : DEFAULT_LOCALE;
  const t = translatorFor(lang, "email");
  return {
    lang,
    logoAlt: t("logoAlt", { school }),
    unsubscribe: t("unsubscribe"),
    notificationSettings: t("notificationSettings"),
    sentBy: t("sentBy", { school }),
  };
}

export const contentOf = (row: Pick<OutboxRow, "data">) => (row.data as { content: MessageContent }).content;

export interface RenderedEmail {
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * The email of an outbox row: HTML and plain text from the one layout, and for every kind a person can
 * turn off, the RFC 8058 one-click unsubscribe headers (a mail client POSTs to the List-Unsubscribe URL).
 */
export async function renderEmail(db: Db, row: OutboxRow, brand: SchoolBrand): Promise<RenderedEmail> {
  const content = contentOf(row);
  const preference = isMessageKind(row.kind) ? MESSAGE_KINDS[row.kind].preference : null;
  const token = preference && row.to_address ? await unsubscribeToken(db, { address: row.to_address, kind: preference }) : null;
  const unsubscribeUrl = token ? appUrl(`/unsubscribe?token=${encodeURIComponent(token)}`) : null;
  const props: EmailProps = {
    ...brand,
    content,
    actionUrl: content.action ? appUrl(content.action.path) : null,
    unsubscribeUrl,
    unsubscribeLabel: preference && isMessageKind(row.kind) ? (content.unsubscribeLabel ?? `Stop ${MESSAGE_KINDS[row.kind].label}`) : null,
    // A guardian has no account, so no settings page: the unsubscribe link is their way out.
    preferencesUrl: row.user_id ? appUrl("/notifications") : null,
    words: emailWords(content.locale, brand.school),
  };
  const html = await render(createElement(EmailLayout, props));
  const headers: Record<string, string> = {};
  if (token) {
    headers["List-Unsubscribe"] = `<${appUrl(`/api/unsubscribe?token=${encodeURIComponent(token)}`)}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { html, text: emailText(props), headers };
}
