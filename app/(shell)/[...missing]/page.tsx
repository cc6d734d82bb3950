import { NoMatch } from "@/components/shell/no-match";

// Any other path, inside the shell: "No match for <path>" and a way back.
export default function MissingPage() {
  return <NoMatch />;
}
