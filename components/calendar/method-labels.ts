/** How a log entry was made (spec §4), as shown in the block dialog. */
export const METHOD_LABELS: Record<string, string> = {
  manual: "Via manual check-in",
  air: "Via Air Check-in",
  kiosk: "Via kiosk",
  "roll-call": "Via roll call",
  amendment: "Amended",
  proactive: "Proactive check-in",
  retroactive: "Retroactive check-in",
};

export function methodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method;
}

/** Each method's message in the "calendar" catalogue's `method` group (use-calendar-words.ts). */
export const METHOD_KEYS = {
  manual: "manual",
  air: "air",
  kiosk: "kiosk",
  "roll-call": "rollCall",
  amendment: "amendment",
  proactive: "proactive",
  retroactive: "retroactive",
} as const satisfies Record<keyof typeof METHOD_LABELS & string, string>;
