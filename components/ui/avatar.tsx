import { cn } from "@/lib/cn";

/** Background class per colour name (the `avatar-*` tokens in tailwind.config.ts), written out so Tailwind sees them. */
export const AVATAR_BACKGROUNDS: Record<string, string> = {
  red: "bg-avatar-red",
  pink: "bg-avatar-pink",
  purple: "bg-avatar-purple",
  "deep-purple": "bg-avatar-deep-purple",
  indigo: "bg-avatar-indigo",
  blue: "bg-avatar-blue",
  "light-blue": "bg-avatar-light-blue",
  cyan: "bg-avatar-cyan",
  teal: "bg-avatar-teal",
  green: "bg-avatar-green",
  "light-green": "bg-avatar-light-green",
  lime: "bg-avatar-lime",
  yellow: "bg-avatar-yellow",
  amber: "bg-avatar-amber",
  orange: "bg-avatar-orange",
  "deep-orange": "bg-avatar-deep-orange",
  brown: "bg-avatar-brown",
  "blue-grey": "bg-avatar-blue-grey",
  black: "bg-avatar-black",
};

const sizes = {
  xs: "size-6 text-[10px]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-14 text-lg",
  xl: "size-20 text-2xl",
};

/**
 * A round badge with initials on one of the 18 palette colours (black for system administrators).
 * Decorative by default; pass `label` when the avatar stands alone and must be announced.
 */
export function Avatar({
  initials,
  color,
  size = "md",
  label,
  className,
}: {
  initials: string;
  color: string;
  size?: keyof typeof sizes;
  label?: string;
  className?: string;
}) {
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full font-semibold tracking-wide text-white uppercase select-none",
        AVATAR_BACKGROUNDS[color] ?? AVATAR_BACKGROUNDS["blue-grey"],
        sizes[size],
        className,
      )}
    >
      {initials.slice(0, 2)}
    </span>
  );
}
