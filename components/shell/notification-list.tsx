import { Bell } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import type { NotificationEntry } from "./use-notifications";

/** One tab's messages: loading, the error, "Nothing to show", or the list. */
export function NotificationList({
  data,
  error,
  isLoading,
  label,
  render,
}: {
  data: NotificationEntry[] | undefined;
  error: unknown;
  isLoading: boolean;
  label: string;
  render: (entry: NotificationEntry) => ReactNode;
}) {
  if (isLoading && !data) return <Spinner label={`Loading ${label}`} className="flex justify-center py-10 text-indigo-600" />;
  if (error && !data)
    return (
      <p role="alert" className="p-5 text-sm text-red-700">
        {messageOf(error)}
      </p>
    );
  if (!data || data.length === 0) return <EmptyState icon={<Bell />} title="Nothing to show" className="py-12" />;
  return (
    <ul aria-label={label} className="flex flex-col gap-1 px-2 pb-4">
      {data.map(render)}
    </ul>
  );
}
