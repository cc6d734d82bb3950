"use client";

import { X } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import useSWR from "swr";
import { Button, focusRing } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import {
  MAX_BODY,
  RECIPIENT_RESULTS,
  sendNotificationBody,
  type SendNotificationBody,
} from "@/lib/notifications/schemas";
import { staffName } from "@/lib/people/names";

interface StaffHit {
  id: number;
  title: string;
  first_name: string;
  last_name: string;
}
interface SearchResponse {
  query: string;
  results: { staff: StaffHit[] };
}

const nameOf = (s: StaffHit) => staffName(s);

/** New message: find staff by first or last name (at most 15 shown), pick several, write, send. */
// eslint-disable-next-line max-lines-per-function -- one form: the recipient search, the chosen recipients and the message
export function NotificationCompose({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  // The form's values are the request's body; the people picked are kept for their names.
  const [picked, setPicked] = useState<StaffHit[]>([]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof sendNotificationBody>, unknown, SendNotificationBody>({
    resolver: zodResolver(sendNotificationBody),
    defaultValues: { recipient_ids: [], body: "" },
  });
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data } = useSWR<SearchResponse>(
    query ? `/api/search?query=${encodeURIComponent(query)}&limit=15` : null,
    {
      keepPreviousData: true,
    },
  );
  const hits =
    data && data.query.trim() === text.trim() ? data.results.staff.slice(0, RECIPIENT_RESULTS) : [];
  const isChosen = (hit: StaffHit) => picked.some((c) => c.id === hit.id);
  const toggle = (hit: StaffHit) => {
    const next = isChosen(hit) ? picked.filter((c) => c.id !== hit.id) : [...picked, hit];
    setPicked(next);
    setValue(
      "recipient_ids",
      next.map((c) => c.id),
      { shouldValidate: errors.recipient_ids !== undefined },
    );
  };

  const { run: send, busy: sending } = useAction(
    async (message: SendNotificationBody) => {
      await apiPost("/api/notifications", message);
      onSent();
    },
    {
      handled: (failure) => {
        if (!(failure instanceof ApiClientError && failure.status === 422)) return false;
        for (const field of ["recipient_ids", "body"] as const) {
          const message = failure.fieldError(field);
          if (message) setError(field, { type: "server", message });
        }
        return true;
      },
    },
  );

  return (
    <form
      onSubmit={handleSubmit((message) => send(message))}
      noValidate
      className="flex flex-col gap-3 border-b border-slate-100 p-4"
      aria-label="New message"
    >
      <TextField
        label="To"
        placeholder="Search staff by name"
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        error={errors.recipient_ids?.message}
      />
      {picked.length > 0 && (
        <ul aria-label="Recipients" className="flex flex-wrap gap-1.5">
          {picked.map((c) => (
            <li
              key={c.id}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800"
            >
              {nameOf(c)}
              <button
                type="button"
                aria-label={`Remove ${nameOf(c)}`}
                onClick={() => toggle(c)}
                className={cn("rounded-full p-0.5 hover:bg-indigo-100", focusRing)}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {text.trim() !== "" && (
        <ul aria-label="Staff found" className="max-h-48 overflow-y-auto rounded-md border border-slate-200">
          {hits.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">
              {data ? "No search results found" : "Searching…"}
            </li>
          ) : (
            hits.map((hit) => (
              <li key={hit.id}>
                <button
                  type="button"
                  aria-pressed={isChosen(hit)}
                  onClick={() => toggle(hit)}
                  className={cn(
                    "flex w-full items-center justify-between px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-50",
                    isChosen(hit) && "bg-indigo-50 font-medium text-indigo-800",
                    focusRing,
                  )}
                >
                  {nameOf(hit)}
                  {isChosen(hit) && <span className="text-xs">Added</span>}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
      <TextAreaField
        label="Message"
        rows={4}
        maxLength={MAX_BODY}
        error={errors.body?.message}
        {...register("body")}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={sending}>
          Send
        </Button>
      </div>
    </form>
  );
}
