"use client";

import { Search } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { GROUP_TITLES, itemHref, type ItemType } from "./panel-links";

interface SearchResponse {
  query: string;
  results: {
    students: { id: number; first_name: string; last_name: string }[];
    staff: { id: number; title: string; first_name: string; last_name: string }[];
    courses: { name: string; short_name: string }[];
    clusters: { id: number; name: string }[];
  };
}

interface Hit {
  key: string;
  label: string;
  href: string;
}

function groupsOf(data: SearchResponse): { type: ItemType; hits: Hit[] }[] {
  const { students, staff, courses, clusters } = data.results;
  return [
    {
      type: "student" as const,
      hits: students.map((s) => ({
        key: `s${s.id}`,
        label: `${s.first_name} ${s.last_name}`,
        href: itemHref("student", s.id),
      })),
    },
    {
      type: "staff" as const,
      hits: staff.map((s) => ({
        key: `t${s.id}`,
        label: `${s.title} ${s.last_name}, ${s.first_name}`,
        href: itemHref("staff", s.id),
      })),
    },
    {
      type: "course" as const,
      hits: courses.map((c) => ({
        key: `c${c.short_name}`,
        label: c.name,
        href: itemHref("course", 0, c.short_name),
      })),
    },
    {
      type: "cluster" as const,
      hits: clusters.map((c) => ({ key: `g${c.id}`, label: c.name, href: itemHref("cluster", c.id) })),
    },
  ].filter((group) => group.hits.length > 0);
}

/** Search students, staff, courses and clusters; results grouped by kind (GET /api/search). */
export function SearchPanel({ onNavigate }: { onNavigate: () => void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, error, isLoading } = useSWR<SearchResponse>(
    query ? `/api/search?query=${encodeURIComponent(query)}` : null,
    {
      keepPreviousData: true,
    },
  );
  // Only an answer to the query now in the box counts (an older, slower answer is ignored).
  const current = data && data.query.trim() === text.trim() ? data : undefined;
  const groups = current ? groupsOf(current) : [];

  return (
    <div className="flex flex-col">
      <div className="sticky top-0 border-b border-slate-100 bg-white p-4">
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Search students, staff, courses and clusters"
            placeholder="Search by name"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
            className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
          />
        </div>
      </div>
      <div aria-live="polite" className="px-2 py-2">
        {!text.trim() && (
          <p className="px-3 py-6 text-center text-sm text-slate-600">
            Find students, staff, courses and clusters by name.
          </p>
        )}
        {text.trim() && isLoading && !current && (
          <Spinner label="Searching" className="flex justify-center py-8 text-indigo-600" />
        )}
        {error && (
          <p role="alert" className="px-3 py-4 text-sm text-red-700">
            {messageOf(error)}
          </p>
        )}
        {current && groups.length === 0 && <EmptyState title="No search results found" />}
        {groups.map((group) => (
          <section key={group.type} aria-label={GROUP_TITLES[group.type]} className="mb-2">
            <h3 className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {GROUP_TITLES[group.type]}
            </h3>
            <ul>
              {group.hits.map((hit) => (
                <li key={hit.key}>
                  <Link
                    href={hit.href}
                    onClick={onNavigate}
                    className={cn(
                      "block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100",
                      focusRing,
                    )}
                  >
                    {hit.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
