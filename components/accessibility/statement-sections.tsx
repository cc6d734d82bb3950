import type { ReactNode } from "react";

/** A titled part of the statement: an h2 and its text. */
export function StatementSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `a11y-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 text-sm leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** Keys as the keyboard shows them. */
export const Key = ({ children }: { children: ReactNode }) => (
  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
    {children}
  </kbd>
);

/** How every screen is tested. Kept true by tests/unit/axe-coverage.test.ts and the end-to-end tests named here. */
export function HowWeTest() {
  return (
    <StatementSection title="How each screen is tested">
      <p>
        <strong className="font-semibold text-slate-900">Automated checks in every end-to-end test.</strong>{" "}
        Each end-to-end test drives a real browser (Chromium) through a task and runs axe-core on every screen
        it visits, against the WCAG 2.0, 2.1 and 2.2 level A and AA rules. A serious or critical finding fails
        the build. Screens are checked at a computer-lab size (1280 × 800) and, for those used on the move, at
        a phone size (390 × 844). A separate test fails whenever a screen exists that no end-to-end test opens
        and checks, so a new screen cannot ship unchecked.
      </p>
      <p>
        <strong className="font-semibold text-slate-900">Keyboard-only paths.</strong> End-to-end tests use
        the keyboard alone to search and open a result (including <em>Show all</em>), to open a block on a
        calendar and close it again with focus back on the block, to open a profile from the student table,
        and to reach this page from the Help menu. Dialogs and side panels keep focus inside while open and
        give it back to the control that opened them.
      </p>
      <p>
        <strong className="font-semibold text-slate-900">Scanner-only check-in.</strong> A barcode scanner
        types a student number and presses <Key>Enter</Key>. A test checks students in with nothing but those
        keys and <Key>Ctrl</Key> + <Key>Enter</Key>: the cursor starts in the <em>Student numbers</em> box and
        returns there after every scan and every check-in, so nobody has to touch the mouse.
      </p>
      <p>
        <strong className="font-semibold text-slate-900">Outside review.</strong> An outside review ran about
        45 axe scans over every screen at both sizes. It found nothing serious or critical and one moderate
        issue: the school&apos;s name at the top of the side menu sat outside any page region. It is now
        inside the side menu&apos;s region, and a test checks that nothing on the page sits outside one.
      </p>
    </StatementSection>
  );
}

/** Where Flexblock falls short today. */
export function KnownExceptions() {
  return (
    <StatementSection title="Known exceptions">
      <ul className="flex list-disc flex-col gap-2 pl-5">
        <li>
          <strong className="font-semibold text-slate-900">Snackbars close by themselves</strong> (WCAG 2.2.1,
          Timing Adjustable): after 5 seconds, or 8 when they offer an action such as <em>Undo</em>. They
          pause while the pointer rests on them, and <Key>Alt</Key> + <Key>T</Key> moves focus to them and
          holds them open until <Key>Esc</Key>. There is no setting yet to keep them open longer. Most errors
          stay on the screen beside the field they are about; a few failed actions (an appointment that could
          not be booked, for example) are told only in a snackbar: try the action again if you missed it.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Wiki posts</strong> are written by your
          school&apos;s administrators in Markdown. An image without a description (
          <code className="text-xs">![description](address)</code>) is skipped by screen readers; authors need
          to write one.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Single sign-on pages</strong> (Google, Microsoft or
          your school&apos;s own provider) belong to that provider, not to Flexblock, and are not tested here.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">
            Automated checks find only part of what matters.
          </strong>{" "}
          Moderate and minor axe findings do not fail the build, and Flexblock has not yet been audited by
          people using screen readers (NVDA, JAWS, VoiceOver) or switch access. Your reports are how we find
          the rest.
        </li>
      </ul>
    </StatementSection>
  );
}
