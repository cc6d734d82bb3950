import { NoMatch } from "@/components/shell/no-match";

// A path no screen serves, or notFound() from a shell page (an id that is not a number): "No match for"
// the path and a way back, inside the shell, with HTTP 404.
export default function ShellNotFound() {
  return <NoMatch />;
}
