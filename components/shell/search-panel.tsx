"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import { HitList } from "./search-hit-list";
import {
  GROUP_HEADINGS,
  hitsOf,
  SEARCH_GROUPS,
  showAllLabel,
  totalOf,
  type SearchGroup,
  type SearchResponse,
} from "./search-results";
import { SearchShowAll } from "./search-show-all";
import { SearchField } from "@/components/ui/search-field";

/**
 * Search students, staff, courses, clusters and the wiki (GET /api/search): five of each kind with a
 * detail line, and "Show all" where there are more.
 */
// eslint-disable-next-line max-lines-per-function -- the search field and its grouped results are one panel
export function SearchPanel({ onNavigate }: { onNavigate: () => void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [expanded, setExpanded] = useState<SearchGroup | null>(null);
  // Back from "Show all" puts focus on the button that opened it.
  const returnTo = useRef<SearchGroup | null>(null);
  const showAllButtons = useRef(new Map<SearchGroup, HTMLButtonElement>());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, error, isLoading } = useSWR<SearchResponse>(
    query ? `/api/search?query=${encodeURIComponent(query)}` : null,
    { keepPreviousData: true },
  );
  // Only an answer to the query now in the box counts (an older, slower answer is ignored).
  const current = data && data.query.trim() === text.trim() ? data : undefined;
  const groups = current
    ? SEARCH_GROUPS.map((group) => ({
        group,
        hits: hitsOf(group, current.results),
        total: totalOf(current, group),
      })).filter(({ hits }) => hits.length > 0)
    : [];
  const showing = expanded && query ? expanded : null;

  useEffect(() => {
    if (showing || !returnTo.current) return;
    showAllButtons.current.get(returnTo.current)?.focus();
    returnTo.current = null;
  }, [showing]);

  return (
    <div className="flex flex-col">
      <div className="sticky top-0 z-10 border-b border-slate-100 bg-white p-4">
        <SearchField
          label="Search students, staff, courses, clusters and the wiki"
          placeholder="Search by name"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setExpanded(null); // a new search starts from the grouped results
          }}
          autoFocus
          className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 text-sm placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
        />
      </div>
      {showing ? (
        <SearchShowAll
          query={query}
          group={showing}
          onNavigate={onNavigate}
          onBack={() => {
            returnTo.current = showing;
            setExpanded(null);
          }}
        />
      ) : (
        <div aria-live="polite" className="px-2 py-2">
          {!text.trim() && (
            <p className="px-3 py-6 text-center text-sm text-slate-600">
              Find students, staff, courses and clusters by name, and wiki posts by any word in them.
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
          {groups.map(({ group, hits, total }) => (
            <section key={group} aria-label={GROUP_HEADINGS[group]} className="mb-2">
              <h3 className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {GROUP_HEADINGS[group]}
              </h3>
              <HitList hits={hits} onNavigate={onNavigate} />
              {total > hits.length && (
                <Button
                  ref={(node) => {
                    if (node) showAllButtons.current.set(group, node);
                    else showAllButtons.current.delete(group);
                  }}
                  variant="ghost"
                  size="sm"
                  className="ml-1 text-indigo-700"
                  onClick={() => setExpanded(group)}
                >
                  {showAllLabel(group, total)}
                </Button>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
