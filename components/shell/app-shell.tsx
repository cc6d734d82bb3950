"use client";

import { Menu } from "lucide-react";
import { usePathname } from "next/navigation";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { FlexblockMark } from "@/components/auth/flexblock-mark";
import { IconButton } from "@/components/ui/icon-button";
import { Sheet } from "@/components/ui/sheet";
import { snackbar } from "@/components/ui/snackbar";
import { cn } from "@/lib/cn";
import { useStoredState } from "@/lib/use-stored-state.client";
import { AccountMenu } from "./account-menu";
import { HelpMenu } from "./help-menu";
import { PrintHeading } from "./print-heading";
import { RailButtons } from "./rail-buttons";
import { RailPanels, type RailPanel } from "./rail-panels";
import { SideMenu } from "./side-menu";

/**
 * The staff and sysadmin frame: a side rail (menu toggle, Search, Starred, Check-in, Notifications,
 * Help, Account), the side menu (open state remembered on the device) and the page. On a phone the
 * rail is a top bar and the menu a drawer.
 */
// eslint-disable-next-line max-lines-per-function -- the shell's rail, menu, panels and content are one layout
export function AppShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useStoredState("menuOpen", true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [panel, setPanel] = useState<RailPanel | null>(null);
  const pathname = usePathname();
  // An error snackbar is about the screen it came from: leaving that screen clears it (successes and
  // their Undo stay). A layout effect, so it runs before the new screen's own effects can raise one.
  const lastPath = useRef(pathname);
  useLayoutEffect(() => {
    if (lastPath.current !== pathname) snackbar.dismissErrors();
    lastPath.current = pathname;
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>

      {/* Phone: top bar */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-slate-200 bg-white/95 px-2 backdrop-blur md:hidden print:hidden">
        <IconButton
          label="Open menu"
          icon={<Menu className="size-5" />}
          tooltipSide="bottom"
          onClick={() => setDrawerOpen(true)}
        />
        <FlexblockMark className="ml-1 size-7 rounded-lg" />
        <div className="ml-auto flex items-center gap-0.5">
          <RailButtons side="bottom" panel={panel} setPanel={setPanel} />
          <HelpMenu side="bottom" />
          <div className="ml-1">
            <AccountMenu side="bottom" />
          </div>
        </div>
      </header>
      <Sheet
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        side="left"
        title="Menu"
        hideTitle
        className="w-72"
      >
        <SideMenu onNavigate={() => setDrawerOpen(false)} />
      </Sheet>

      {/* Desktop: rail and side menu */}
      <aside
        aria-label="Toolbar"
        className="sticky top-0 z-20 hidden h-dvh w-16 shrink-0 flex-col items-center gap-1 border-r border-slate-200 bg-white py-3 md:flex print:hidden"
      >
        <IconButton
          label={menuOpen ? "Hide menu" : "Show menu"}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          icon={<Menu className="size-5" />}
          tooltipSide="right"
          onClick={() => setMenuOpen(!menuOpen)}
        />
        <div className="my-2 h-px w-8 bg-slate-200" />
        <RailButtons side="right" panel={panel} setPanel={setPanel} />
        <div className="mt-auto flex flex-col items-center gap-2">
          <HelpMenu side="right" />
          <AccountMenu side="right" />
        </div>
      </aside>
      {/* A region of its own, so the school's name above the menu is inside a landmark too. */}
      <aside
        id="side-menu"
        aria-label="Side menu"
        className={cn(
          "sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-slate-200 bg-white",
          menuOpen && "md:block",
          // Printed pages (a wiki post handed to a class) are the content alone.
          "print:hidden",
        )}
      >
        <SideMenu />
      </aside>

      <RailPanels open={panel} onClose={() => setPanel(null)} />

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0">
          <PrintHeading />
          {children}
        </div>
      </main>
    </div>
  );
}
