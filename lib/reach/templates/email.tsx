/* eslint-disable @next/next/no-head-element, @next/next/no-img-element -- an email, not a Next.js page: mail clients need a plain <head> and <img> */
import type { CSSProperties } from "react";
import type { MessageContent } from "../content";

/**
 * The one email layout: the school's name (and logo), the heading, the paragraphs, any lists, one
 * button, and the footer with the unsubscribe link. Inline styles only (mail clients drop style sheets),
 * one column up to 600 px that narrows on a phone, real text (no text in images), the logo with alt
 * text, and colours above WCAG AA contrast (#1f2937 and #374151 on white; white on #1d4ed8).
 */
export interface EmailProps {
  school: string;
  logoUrl: string | null;
  content: MessageContent;
  actionUrl: string | null;
  unsubscribeUrl: string | null;
  preferencesUrl: string | null;
  unsubscribeLabel: string | null;
  /** The layout's own texts in the content's language (`emailWords`). */
  words: EmailWords;
}

/** The layout's own texts, English unless the content says its language (catalogue namespace "email"). */
export interface EmailWords {
  lang: string;
  logoAlt: string;
  unsubscribe: string;
  notificationSettings: string;
  sentBy: string;
}

const page: CSSProperties = { margin: 0, padding: "24px 12px", backgroundColor: "#f3f4f6", fontFamily: "Arial, Helvetica, sans-serif" };
const card: CSSProperties = { maxWidth: 600, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 8, padding: "24px 20px", color: "#1f2937" };
const paragraph: CSSProperties = { fontSize: 16, lineHeight: "24px", margin: "0 0 16px" };
const small: CSSProperties = { fontSize: 13, lineHeight: "20px", color: "#374151", margin: "0 0 8px" };
const button: CSSProperties = {
  display: "inline-block",
  backgroundColor: "#1d4ed8",
  color: "#ffffff",
  fontSize: 16,
  fontWeight: 700,
  padding: "12px 20px",
  borderRadius: 6,
  textDecoration: "none",
};

export function EmailLayout({ school, logoUrl, content, actionUrl, unsubscribeUrl, preferencesUrl, unsubscribeLabel, words }: EmailProps) {
  return (
    <html lang={words.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.heading}</title>
      </head>
      <body style={page}>
        <div style={card}>
          <p style={{ ...small, fontWeight: 700, fontSize: 14, margin: "0 0 16px" }}>
            {logoUrl ? (
              <img src={logoUrl} alt={words.logoAlt} width={40} height={40} style={{ verticalAlign: "middle", marginRight: 8, borderRadius: 4 }} />
            ) : null}
            {school}
          </p>
          <h1 style={{ fontSize: 22, lineHeight: "28px", margin: "0 0 16px" }}>{content.heading}</h1>
          {content.paragraphs.map((text, index) => (
            <p key={index} style={paragraph}>
              {text}
            </p>
          ))}
          {(content.sections ?? []).map((section, index) => (
            <div key={index} style={{ margin: "0 0 16px" }}>
              <h2 style={{ fontSize: 17, lineHeight: "24px", margin: "0 0 8px" }}>{section.title}</h2>
              <ul style={{ ...paragraph, paddingLeft: 20 }}>
                {section.lines.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
          {content.action && actionUrl ? (
            <p style={{ margin: "8px 0 24px" }}>
              <a href={actionUrl} style={button}>
                {content.action.label}
              </a>
            </p>
          ) : null}
          {content.note ? <p style={small}>{content.note}</p> : null}
          {unsubscribeUrl ? (
            <p style={small}>
              <a href={unsubscribeUrl} style={{ color: "#1d4ed8" }}>
                {unsubscribeLabel ?? words.unsubscribe}
              </a>
              {preferencesUrl ? (
                <>
                  {" · "}
                  <a href={preferencesUrl} style={{ color: "#1d4ed8" }}>
                    {words.notificationSettings}
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          <p style={small}>{words.sentBy}</p>
        </div>
      </body>
    </html>
  );
}
