"use client";

import Link from "next/link";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/**
 * A wiki post's markdown: GitHub tables, task lists, strikethrough and autolinks (remark-gfm).
 * Raw HTML is never rendered: react-markdown turns it into plain text, and we add no rehype-raw.
 * Headings move one level down (a post's "#" is an h2), because the post title is the page's h1.
 */

const linkClasses = cn(
  "rounded font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900",
  focusRing,
);

function MarkdownLink({ href = "", children }: { href?: string; children?: ReactNode }) {
  // Links inside the app (/wiki/post/12, /check-in) stay in the app without a reload.
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link href={href} className={linkClasses}>
        {children}
      </Link>
    );
  }
  if (href.startsWith("#")) {
    return (
      <a href={href} className={linkClasses}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} className={linkClasses} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Wide content (tables, code) scrolls sideways on a phone; the region takes focus so keyboards can scroll it. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("my-4 overflow-x-auto rounded-lg print:overflow-visible", focusRing)}
    >
      {children}
    </div>
  );
}

function TaskBox({ checked }: { checked?: boolean }) {
  return (
    <>
      <span
        aria-hidden
        className={cn(
          "mr-2 inline-flex size-4 translate-y-0.5 items-center justify-center rounded border text-[0.7rem] leading-none",
          checked ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-400 bg-white",
        )}
      >
        {checked ? "✓" : ""}
      </span>
      <span className="sr-only">{checked ? "Done: " : "To do: "}</span>
    </>
  );
}

const components: Components = {
  h1: ({ children }) => (
    <h2 className="mt-8 mb-3 text-xl font-semibold text-slate-900 first:mt-0">{children}</h2>
  ),
  h2: ({ children }) => (
    <h3 className="mt-7 mb-2 text-lg font-semibold text-slate-900 first:mt-0">{children}</h3>
  ),
  h3: ({ children }) => (
    <h4 className="mt-6 mb-2 text-base font-semibold text-slate-900 first:mt-0">{children}</h4>
  ),
  h4: ({ children }) => <h5 className="mt-5 mb-2 text-sm font-semibold text-slate-900">{children}</h5>,
  h5: ({ children }) => <h6 className="mt-4 mb-1 text-sm font-semibold text-slate-800">{children}</h6>,
  h6: ({ children }) => <p className="mt-4 mb-1 text-sm font-semibold text-slate-700">{children}</p>,
  p: ({ children }) => <p className="my-3 leading-7">{children}</p>,
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  ul: ({ children, className }) => (
    <ul
      className={cn(
        "my-3 space-y-1.5 pl-6",
        className?.includes("contains-task-list") ? "list-none pl-1" : "list-disc",
      )}
    >
      {children}
    </ul>
  ),
  ol: ({ children, start }) => (
    <ol start={start} className="my-3 list-decimal space-y-1.5 pl-6">
      {children}
    </ol>
  ),
  li: ({ children }) => <li className="leading-7 marker:text-slate-500">{children}</li>,
  input: ({ type, checked }: ComponentPropsWithoutRef<"input">) =>
    type === "checkbox" ? <TaskBox checked={checked} /> : null,
  blockquote: ({ children }) => (
    <blockquote className="my-4 rounded-r-lg border-l-4 border-indigo-300 bg-indigo-50/60 px-4 py-1 text-slate-700">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="my-8 border-slate-200" />,
  table: ({ children }) => (
    <Scroller label="Table">
      <table className="min-w-full border-collapse text-left text-sm">{children}</table>
    </Scroller>
  ),
  thead: ({ children }) => <thead className="bg-slate-50">{children}</thead>,
  // Cells wrap between words only (break-words, not the post's "anywhere"): otherwise a narrow table
  // squeezes a column to a few letters ("Attend|ed"); a table wider than the screen scrolls instead.
  th: ({ children, style }) => (
    <th
      style={style}
      scope="col"
      className="border border-slate-200 px-3 py-2 font-semibold break-words text-slate-800"
    >
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border border-slate-200 px-3 py-2 align-top break-words text-slate-700">
      {children}
    </td>
  ),
  pre: ({ children }) => (
    <Scroller label="Code">
      <pre className="bg-slate-900 p-4 text-sm leading-6 text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit">
        {children}
      </pre>
    </Scroller>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  ),
  img: ({ src, alt }) => {
    if (typeof src !== "string") return null;
    // eslint-disable-next-line @next/next/no-img-element -- post images are arbitrary URLs, not optimisable assets
    return <img src={src} alt={alt ?? ""} loading="lazy" className="my-4 max-w-full rounded-lg" />;
  },
};

/**
 * Renders a post. `linkTo` rewrites in-app links for a reader who opens posts elsewhere (a student's
 * Help screen turns /wiki/post/12 into /help/12).
 */
export function Markdown({
  children,
  className,
  linkTo,
}: {
  children: string;
  className?: string;
  linkTo?: (href: string) => string;
}) {
  const rendered: Components = linkTo
    ? { ...components, a: ({ href, children: text }) => <MarkdownLink href={linkTo(href ?? "")}>{text}</MarkdownLink> }
    : components;
  return (
    <div className={cn("text-[0.95rem] text-slate-800 [overflow-wrap:anywhere]", className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={rendered}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
