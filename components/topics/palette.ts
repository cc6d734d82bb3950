import { avatarColors } from "@/tailwind.config";

/** The 18 topic colours (red … blue-grey), each with a label; black is only for sysadmin avatars. */
export const TOPIC_COLORS = (Object.keys(avatarColors) as (keyof typeof avatarColors)[])
  .filter((name) => name !== "black")
  .map((name) => ({
    name,
    label: name.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => `${dash ? " " : ""}${c.toUpperCase()}`),
    hex: avatarColors[name],
  }));

export type TopicColor = (typeof TOPIC_COLORS)[number]["name"];

/** A new topic's colour: a random one of the 18. */
export function randomTopicColor(): TopicColor {
  return TOPIC_COLORS[Math.floor(Math.random() * TOPIC_COLORS.length)]!.name;
}
