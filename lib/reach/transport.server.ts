import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/core/env.server";

/**
 * The SMTP connection (nodemailer), from SMTP_URL (smtp://…:587 upgrades with STARTTLS, smtps://…:465
 * is TLS from the start) and MAIL_FROM. One pooled transport per URL, kept on globalThis: route bundles
 * and the instrumentation bundle load their own copies of this module.
 */
export interface MailConfig {
  url: string;
  from: string;
}

const DEFAULT_FROM = "Flexblock <flexblock@localhost>";

/** The mail settings, or null when SMTP_URL is not set (nothing is sent by email). */
export function mailConfig(): MailConfig | null {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) return null;
  return { url: SMTP_URL, from: MAIL_FROM?.trim() || DEFAULT_FROM };
}

const holder = globalThis as unknown as { __flexblockMail?: Map<string, Transporter> };
const transports = (holder.__flexblockMail ??= new Map());

export function mailTransport(config: MailConfig): Transporter {
  let transport = transports.get(config.url);
  if (!transport) {
    const url = new URL(config.url);
    transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // Loopback servers (the suite's, a relay on the same host) have no certificate to check.
      tls: ["127.0.0.1", "localhost", "::1"].includes(url.hostname) ? { rejectUnauthorized: false } : undefined,
      pool: true,
      maxConnections: 5,
      maxMessages: 500,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(config.url, transport);
  }
  return transport;
}

/** Tests only: close every pooled connection (a test's SMTP server is stopping). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/**
 * How a failed send is taken: "permanent" when the receiving server refused the recipient with a 5xx
 * (the address is bad: it is marked failing), else "temporary" (a 4xx, a refused connection, a wrong
 * password: retried with back-off, so nothing is lost while the server or its settings are fixed).
 */
export function failureOf(error: unknown): { kind: "permanent" | "temporary"; message: string } {
  const e = error as { responseCode?: number; response?: string; message?: string; code?: string; command?: string };
  const message = (e.response || e.message || String(error)).replace(/[\r\n]+/g, " ").slice(0, 500);
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  const aboutRecipient = e.code === "EENVELOPE" || /^RCPT/i.test(e.command ?? "") || /^DATA/i.test(e.command ?? "");
  return { kind: code !== null && code >= 500 && code < 600 && aboutRecipient ? "permanent" : "temporary", message };
}
