"use client";

import useSWR from "swr";
import { fetcher } from "@/lib/api/request.client";
import type { TopicsResponse } from "@/lib/core/schedule/types";

export const TOPICS_KEY = "/api/topics";

/** The signed-in teacher's topics (not deleted). */
export function useTopics(enabled = true) {
  return useSWR<TopicsResponse>(enabled ? TOPICS_KEY : null, fetcher);
}
