/* eslint-disable @next/next/no-img-element -- the logo is served by our API with its own caching */
import { FlexblockMark } from "@/components/auth/flexblock-mark";
import { cn } from "@/lib/cn";

/** The school's logo and name (from settings), or the Flexblock badge when there is no logo. */
export function SchoolBrand({
  name,
  logo,
  size = "md",
  className,
}: {
  name: string | null;
  logo: string | null;
  size?: "md" | "lg";
  className?: string;
}) {
  const box = size === "lg" ? "size-16" : "size-9";
  return (
    <div
      className={cn("flex min-w-0 items-center gap-3", size === "lg" && "flex-col text-center", className)}
    >
      {logo ? (
        <img src={logo} alt="" className={cn(box, "shrink-0 rounded-lg object-contain")} />
      ) : (
        <FlexblockMark className={box} />
      )}
      <div className="min-w-0">
        <p className={cn("font-semibold text-slate-900", size === "lg" ? "text-lg" : "truncate text-sm")}>
          {name ?? "Flexblock"}
        </p>
        {size === "md" && name && <p className="truncate text-xs text-slate-500">Flexblock</p>}
      </div>
    </div>
  );
}
