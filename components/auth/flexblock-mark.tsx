import { cn } from "@/lib/cn";

/** The product's badge: three stacked blocks, the middle one shifted (a "flex" block). */
export function FlexblockMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/25",
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-3/5" fill="currentColor" aria-hidden>
        <rect x="6" y="6" width="16" height="5" rx="1.5" />
        <rect x="10" y="13.5" width="16" height="5" rx="1.5" opacity="0.85" />
        <rect x="6" y="21" width="16" height="5" rx="1.5" />
      </svg>
    </span>
  );
}
