"use client";

import { AccessibilityStatement } from "@/components/accessibility/accessibility-statement";

// /accessibility: the accessibility statement (Help → Accessibility).
export default function AccessibilityPage() {
  return <AccessibilityStatement />;
}
