"use client";

import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import useSWRInfinite from "swr/infinite";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import { HitList } from "./search-hit-list";
import { countOf, GROUP_HEADINGS, hitsOf, type SearchGroup, type SearchResponse } from "./search-results";

/** Rows per request when paging through one kind (the API allows up to 50). */
export const SHOW_ALL_PAGE = 50;

export const showAllKey = (query: string, group: SearchGroup, page: number) =>
  `/api/search?query=${encodeURIComponent(query)}&kind=${group}&limit=${SHOW_ALL_PAGE}&offset=${page * SHOW_ALL_PAGE}`;

/**
 * Every match of one kind ("Show all"), fifty at a time with "Show more". Focus starts on the
 * heading and moves to the first new row after "Show more"; Back returns to the grouped results.
 */
export function SearchShowAll({
  query,
  group,
  onBack,
  onNavigate,
}: {
  query: string;
  group: SearchGroup;
  onBack: () => void;
  onNavigate: () => void;
}) {
  const { data, error, size, setSize, isLoading, isValidating } = useSWRInfinite<SearchResponse>(
    (page, previous: SearchResponse | null) =>
      previous && hitsOf(group, previous.results).length < SHOW_ALL_PAGE
        ? null
        : showAllKey(query, group, page),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusIndex, setFocusIndex] = useState(-1);

  useEffect(() => heading.current?.focus(), [group]);

  const hits = (data ?? []).flatMap((page) => hitsOf(group, page.results));
  // The first page's count: a later page past the end (rows removed meanwhile) reports none.
  const total = Math.max(data?.[0]?.totals?.[group] ?? 0, hits.length);
  const loadingMore = isValidating && (data?.length ?? 0) < size;

  return (
    <div className="px-2 py-2">
      <div className="flex items-center gap-1 px-1 pt-1">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden className="size-4" />
          All results
        </Button>
      </div>
      <section aria-labelledby="search-show-all-heading" data-testid={`search-all-${group}`}>
        <h3
          id="search-show-all-heading"
          ref={heading}
          tabIndex={-1}
          className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase focus:outline-none"
        >
          {GROUP_HEADINGS[group]}
        </h3>
        {data && (
          <p className="px-3 pb-1 text-xs text-slate-600" aria-live="polite">
            {hits.length < total ? `${hits.length} of ${countOf(group, total)}` : countOf(group, total)}
          </p>
        )}
        {isLoading && <Spinner label="Searching" className="flex justify-center py-8 text-indigo-600" />}
        {error && (
          <p role="alert" className="px-3 py-4 text-sm text-red-700">
            {messageOf(error)}
          </p>
        )}
        <HitList hits={hits} onNavigate={onNavigate} focusIndex={focusIndex} />
        {hits.length < total && !error && (
          <div className="px-3 py-2">
            <Button
              variant="secondary"
              size="sm"
              loading={loadingMore}
              onClick={() => {
                setFocusIndex(hits.length);
                void setSize(size + 1);
              }}
            >
              Show more
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
