import { clsx, type ClassValue } from "clsx";

/** Joins class names (falsy values dropped). */
export const cn = (...values: ClassValue[]) => clsx(values);
