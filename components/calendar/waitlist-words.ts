import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** "1st", "2nd", "3rd", "11th", "22nd": a place on a waitlist. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** "10:30" in the school's time zone: until when a seat is held. */
export const waitlistClock = (iso: string, timezone: string) => format(new TZDate(new Date(iso), timezone), "HH:mm");
