"use client";

import { Accessibility, BookOpen, CircleHelp, Info, MessageSquareText } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { FlexblockMark } from "@/components/auth/flexblock-mark";
import { FeedbackDialog } from "@/components/feedback/feedback-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";
import { IconButton } from "@/components/ui/icon-button";
import { APP_VERSION } from "@/lib/version";

/** Help: Provide Feedback, About (the version), the wiki and the accessibility statement. */
export function HelpMenu({ side = "right" }: { side?: "right" | "bottom" }) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  return (
    <>
      <DropdownMenu
        side={side}
        align="end"
        trigger={
          <IconButton
            label="Help"
            icon={<CircleHelp className="size-5" />}
            tooltipSide={side === "right" ? "right" : "bottom"}
          />
        }
      >
        <MenuItem icon={<MessageSquareText />} onSelect={() => setFeedbackOpen(true)}>
          Provide Feedback
        </MenuItem>
        <MenuItem icon={<Info />} onSelect={() => setAboutOpen(true)}>
          About
        </MenuItem>
        <MenuItem asChild>
          <Link href="/wiki">
            <BookOpen aria-hidden className="size-4 text-slate-500" />
            Flexblock Wiki
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link href="/accessibility">
            <Accessibility aria-hidden className="size-4 text-slate-500" />
            Accessibility
          </Link>
        </MenuItem>
      </DropdownMenu>
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      <Dialog
        open={aboutOpen}
        onOpenChange={setAboutOpen}
        title="About Flexblock"
        size="sm"
        footer={<Button onClick={() => setAboutOpen(false)}>Close</Button>}
      >
        <div className="flex items-center gap-4">
          <FlexblockMark className="size-12" />
          <div>
            <p className="font-semibold text-slate-900">Flexblock</p>
            <p className="text-sm text-slate-600">Version {APP_VERSION}</p>
          </div>
        </div>
        <p className="mt-4 text-sm text-slate-600">Flex blocks, check-in and scheduling for your school.</p>
      </Dialog>
    </>
  );
}
