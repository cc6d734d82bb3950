"use client";

import { MessageSquareText } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { FeedbackDialog } from "@/components/feedback/feedback-dialog";
import { Button, focusRing } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { cn } from "@/lib/cn";
import { APP_VERSION } from "@/lib/version";
import { HowWeTest, Key, KnownExceptions, StatementSection } from "./statement-sections";

const link = cn("font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900", focusRing);

/**
 * /accessibility (Help → Accessibility): the standard Flexblock aims for, how each screen is tested,
 * where it falls short, and how to report a barrier. Every claim here is backed by a test or a
 * screen as built; change them together.
 */
export function AccessibilityStatement() {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title="Accessibility"
        className="mb-1"
        description={`How Flexblock ${APP_VERSION} is built and tested so that everyone can use it.`}
      />

      <StatementSection title="Our target">
        <p>
          Flexblock aims to meet the{" "}
          <strong className="font-semibold text-slate-900">
            Web Content Accessibility Guidelines (WCAG) 2.2 at level AA
          </strong>{" "}
          on every screen: signing in, the forced password change, a student&apos;s own profile and every
          staff screen, on a computer and on a phone.
        </p>
        <p>What that means day to day:</p>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>
            Everything works from the keyboard, and the focused control always shows a ring. <Key>Tab</Key> on
            a new page first offers <em>Skip to content</em>.
          </li>
          <li>Every field has a visible label, and an error is shown beside the field it is about.</li>
          <li>
            Calendar tiles say <em>Attended</em>, <em>Missed</em> or <em>Amended</em> in words as well as
            colour, and the arrow keys move between them.
          </li>
          <li>Closing a dialog or side panel puts you back on the control you opened it from.</li>
        </ul>
        <p>
          The post <em>Keyboard shortcuts</em> in the{" "}
          <Link href="/wiki" className={link}>
            Flexblock Wiki
          </Link>{" "}
          lists every key.
        </p>
      </StatementSection>

      <HowWeTest />
      <KnownExceptions />

      <StatementSection title="Report a barrier">
        <p>
          If something in Flexblock is hard or impossible for you to use, tell us through the feedback form:{" "}
          <strong className="font-semibold text-slate-900">Help → Provide Feedback</strong>, or the button
          below.
        </p>
        <ol className="flex list-decimal flex-col gap-1.5 pl-5">
          <li>Say which screen you were on and what you were trying to do.</li>
          <li>Say what happened, and what you use (a screen reader, magnifier, keyboard only, a scanner).</li>
          <li>
            Choose the tag <em>Other</em> (or <em>Unexpected behaviour</em>) and leave{" "}
            <em>You may reply to me</em> ticked so that we can ask how it went after a fix.
          </li>
        </ol>
        <p>
          Your school&apos;s administrators read every message under{" "}
          <strong className="font-semibold text-slate-900">Settings → Feedback received</strong>.
        </p>
        <div>
          <Button onClick={() => setFeedbackOpen(true)}>
            <MessageSquareText aria-hidden className="size-4" />
            Report a barrier
          </Button>
        </div>
      </StatementSection>
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </div>
  );
}
