import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "@/lib/core/env.server";
import { closeMailTransports } from "@/lib/reach/transport.server";

/**
 * A real SMTP server on loopback for the suite (nodemailer's smtp-server), with STARTTLS (its own
 * self-signed certificate) and a password, the way a school's relay asks for one. What arrives is parsed
 * with mailparser, so tests assert on the message a person would read. `refuse` answers chosen
 * recipients with a code (550: a permanent refusal, 450: try later); `stop` and `start` take the
 * server away and bring it back on the same port.
 */
export interface TestSmtpServer {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Recipient address → SMTP code to answer RCPT TO with (e.g. 550, 451). */
  refuse: Map<string, number>;
  /** Resolves when `count` messages in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** To: of each message that arrived. */
  recipients(): string[];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and points SMTP_URL away again. */
  close(): Promise<void>;
}

export const SMTP_USER = "flexblock";
export const SMTP_PASSWORD = "relay-password";

export async function startSmtpServer(options: { from?: string; setEnv?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const refuse = new Map<string, number>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const arrived = () => {
    for (const w of [...waiters]) {
      if (messages.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const serverOptions: SMTPServerOptions = {
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (code) {
        const error = new Error(code >= 500 ? "5.1.1 No such user here" : "4.2.1 Mailbox busy, try later") as Error & { responseCode: number };
        error.responseCode = code;
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
          arrived();
        })
        .catch(callback);
    },
  };
  let server = new SMTPServer(serverOptions);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`;
  const previous = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
  if (options.setEnv !== false) {
    process.env.SMTP_URL = url;
    process.env.MAIL_FROM = options.from ?? '"Cedar Ridge Flexblock" <flexblock@school.example>';
    resetEnvCache();
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      closeMailTransports();
      server.close(() => resolve());
    });
  return {
    url,
    port,
    messages,
    refuse,
    waitFor(count, timeoutMs = 20_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${messages.length} of ${count} messages arrived`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(messages)) });
      });
    },
    recipients: () => messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? ""),
    stop,
    async start() {
      server = new SMTPServer(serverOptions);
      await listen(port);
    },
    async close() {
      await stop();
      if (options.setEnv !== false) {
        for (const [key, value] of Object.entries(previous)) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
        resetEnvCache();
      }
    },
  };
}
