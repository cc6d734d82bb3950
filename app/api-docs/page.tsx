import type { Metadata } from "next";
import { ApiReference } from "@/components/api-docs/api-reference";

export const metadata: Metadata = { title: "Flexblock - API reference" };

// /api-docs: the API reference, rendered from GET /api/openapi.json (public, like the document: it holds no data).
export default function ApiDocsPage() {
  return <ApiReference />;
}
