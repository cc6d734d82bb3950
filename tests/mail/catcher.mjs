// A mailbox for the end-to-end tests: a real SMTP server (smtp-server, STARTTLS with its own certificate,
// a password) on MAIL_CATCHER_SMTP_PORT, and on MAIL_CATCHER_HTTP_PORT a small HTTP API over what arrived,
// parsed by mailparser: GET /messages?to=<address> → [{ to, from, subject, text, html, headers }], and
// DELETE /messages to forget them. The app under test sends to it (playwright.config.ts sets SMTP_URL).
// For npm run bench:mail (scripts/bench/mail.ts), which runs it as a process of its own so parsing what
// arrives does not share the sender's event loop: GET /summary?subject=<subject> → { total, distinct }
// (recipients), and POST /smtp/stop, POST /smtp/start take the SMTP server away and bring it back.
import http from "node:http";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 5025);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 5026);
const user = process.env.MAIL_CATCHER_USER ?? "flexblock";
const password = process.env.MAIL_CATCHER_PASSWORD ?? "relay-password";
let messages = [];

const options = {
  authMethods: ["PLAIN", "LOGIN"],
  // Stopped on purpose (the bench's outage): open connections are cut at once, as a crashed relay's are.
  closeTimeout: 100,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === user && auth.password === password) return callback(null, { user });
    callback(new Error("Invalid username or password"));
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({
          to: (parsed.to?.value ?? []).map((a) => a.address),
          from: parsed.from?.text ?? "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.replace(/^[^:]+:\s*/, "")])),
          received_at: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
};
let smtp = new SMTPServer(options);
smtp.listen(smtpPort, "127.0.0.1");

function summary(subject) {
  const matching = messages.filter((m) => m.subject === subject);
  return { total: matching.length, distinct: new Set(matching.map((m) => m.to.join(","))).size };
}

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${httpPort}`);
    if (url.pathname === "/summary") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(summary(url.searchParams.get("subject") ?? "")));
      return;
    }
    if (url.pathname === "/smtp/stop" && request.method === "POST") {
      smtp.close(() => response.writeHead(204).end());
      return;
    }
    if (url.pathname === "/smtp/start" && request.method === "POST") {
      smtp = new SMTPServer(options);
      smtp.listen(smtpPort, "127.0.0.1", () => response.writeHead(204).end());
      return;
    }
    if (url.pathname !== "/messages") {
      response.writeHead(url.pathname === "/health" ? 200 : 404).end();
      return;
    }
    if (request.method === "DELETE") {
      messages = [];
      response.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  })
  .listen(httpPort, "127.0.0.1", () => console.log(`mail catcher listening smtp ${smtpPort} http ${httpPort}`));
