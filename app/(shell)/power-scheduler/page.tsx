import { PageHeader } from "@/components/ui/page-header";

// Placeholder until its issue fills this screen.
export default function Page() {
  return <PageHeader title="Power Scheduler" />;
}
