import { notFound } from "next/navigation";

// Any other path, inside the shell: answered 404, with the shell's fallback page (app/(shell)/not-found.tsx).
export default function MissingPage() {
  notFound();
}
