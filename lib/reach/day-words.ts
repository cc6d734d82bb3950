import { dayOfWeek, type SchoolDate } from "@/lib/core/time";

/** The English day words of messages: the spec's and the API's own ("Tuesday, Dec 8", "Tue Dec 8"). */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Tuesday, Dec 8". */
export function longDay(date: SchoolDate): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAYS[dayOfWeek(date)]}, ${MONTHS[m - 1]} ${d}`;
}

/** "Tue Dec 8". */
export function shortDay(date: SchoolDate): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAYS[dayOfWeek(date)]!.slice(0, 3)} ${MONTHS[m - 1]} ${d}`;
}
