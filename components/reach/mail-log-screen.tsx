"use client";

import { ArrowLeft, MailCheck, MailWarning } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { ListLoadError } from "@/components/people/list-parts";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { SendFamilySummaryButton } from "./send-family-summary-button";
import { SendTestButton } from "./send-test-button";

type Status = "queued" | "sent" | "failed" | "bounced";

interface MailLogEntry {
  id: number;
  channel: "email" | "push";
  to: string | null;
  to_name: string;
  kind: string;
  kind_label: string;
  subject: string;
  status: Status;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

interface MailLog {
  configured: boolean;
  from: string | null;
  counts: Record<Status, number>;
  messages: MailLogEntry[];
}

const STATUS_LABEL: Record<Status, string> = { queued: "Waiting", sent: "Sent", failed: "Failed", bounced: "Refused" };
const STATUS_TONE: Record<Status, "neutral" | "success" | "danger" | "warning"> = { queued: "neutral", sent: "success", failed: "danger", bounced: "warning" };

/**
 * /settings/email (administrators): whether this server sends email and as whom, a test message, and
 * the outbox: every email and push message, newest first, with its status, attempts and last error.
 */
// eslint-disable-next-line max-lines-per-function -- the log's column definitions read best beside the table they feed
export function MailLogScreen() {
  const [status, setStatus] = useState<Status | "">("");
  const { data, error, isLoading, mutate } = useSWR<MailLog>(`/api/mail/log?limit=500${status ? `&status=${status}` : ""}`, {
    keepPreviousData: true,
    refreshInterval: 15_000,
  });
  const when = useSchoolTime();
  const columns: DataColumn<MailLogEntry>[] = [
    { id: "created_at", header: "Written", value: (m) => m.created_at, cell: (m) => when(m.created_at), searchable: false },
    {
      id: "to",
      header: "To",
      value: (m) => `${m.to_name} ${m.to ?? ""}`,
      cell: (m) => (
        <span className="flex flex-col">
          <span>{m.to_name || m.to}</span>
          <span className="text-xs break-all text-slate-600">{m.channel === "push" ? "Push, every device" : m.to}</span>
        </span>
      ),
    },
    { id: "kind", header: "Kind", value: (m) => m.kind_label.charAt(0).toUpperCase() + m.kind_label.slice(1), secondary: "md" },
    { id: "subject", header: "Subject", value: (m) => m.subject, className: "max-w-xs" },
    {
      id: "status",
      header: "Status",
      value: (m) => m.status,
      cell: (m) => <Badge tone={STATUS_TONE[m.status]}>{STATUS_LABEL[m.status]}</Badge>,
    },
    { id: "attempts", header: "Attempts", value: (m) => m.attempts, secondary: "md", searchable: false },
    {
      id: "last_error",
      header: "Last error",
      value: (m) => m.last_error ?? "",
      sortable: false,
      secondary: "md",
      className: "max-w-xs",
      cell: (m) => <span className="text-xs break-words text-slate-700">{m.last_error}</span>,
    },
    { id: "sent_at", header: "Sent", value: (m) => m.sent_at ?? "", cell: (m) => (m.sent_at ? when(m.sent_at) : ""), secondary: "sm", searchable: false },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Email and notifications"
        description="What Flexblock sends by email and push, to whom, and how it went."
        actions={
          <Link href="/settings" className={buttonClasses({ variant: "secondary" })}>
            <ArrowLeft aria-hidden className="size-4" />
            Settings
          </Link>
        }
      />
      {data && (
        <section aria-label="Email on this server" className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          {data.configured ? (
            <p className="flex items-start gap-2 text-sm text-slate-800">
              <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
              <span>
                Email is set up. Messages are sent as <strong className="break-all">{data.from}</strong>. Reminders,
                change notices and morning lists follow the Notifications settings.
              </span>
            </p>
          ) : (
            <p className="flex items-start gap-2 text-sm text-slate-800">
              <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
              <span>
                Email is not set up on this server, so nothing is sent by email: people are told in Flexblock and by
                push only. Your IT person sets SMTP_URL and MAIL_FROM in the server&apos;s environment (the README&apos;s
                &ldquo;Email&rdquo;).
              </span>
            </p>
          )}
          {data.configured && (
            <div className="flex flex-wrap items-start gap-3">
              <SendTestButton onSent={() => void mutate()} />
              <SendFamilySummaryButton onSent={() => void mutate()} />
            </div>
          )}
        </section>
      )}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Show messages">
        {(["", "queued", "sent", "failed", "bounced"] as const).map((value) => (
          <button
            key={value || "all"}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={buttonClasses({ variant: status === value ? "primary" : "secondary", size: "sm" })}
          >
            {value ? STATUS_LABEL[value] : "All"}
            {data && value ? ` (${data.counts[value].toLocaleString("en-US")})` : ""}
          </button>
        ))}
      </div>
      {error && !data ? (
        <ListLoadError error={error} what="email log" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Email and push messages"
          columns={columns}
          data={data?.messages}
          rowId={(m) => m.id}
          loading={isLoading}
          initialPageSize={25}
          initialSort={{ id: "created_at", desc: true }}
          searchLabel="Search the messages"
          emptyText="No messages yet"
        />
      )}
    </div>
  );
}
