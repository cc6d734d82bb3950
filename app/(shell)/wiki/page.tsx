"use client";

import { WikiHome } from "@/components/wiki/wiki-home";

// /wiki: the help wiki's groups.
export default function WikiPage() {
  return <WikiHome />;
}
