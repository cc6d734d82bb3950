import { NoMatch } from "@/components/shell/no-match";

// notFound() from any page (an id that is not a number, say).
export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <NoMatch />
    </main>
  );
}
