import type { EmailProps } from "./email";

/**
 * The plain-text part of the one layout (lib/reach/templates/email.tsx), written from the same props
 * rather than converted from the HTML: the same words in the same order, each link after its label,
 * at a small fraction of an HTML-to-text conversion's cost (a send of 1,200 shares the server's event
 * loop with check-in).
 */
export function emailText({ school, content, actionUrl, unsubscribeUrl, preferencesUrl, unsubscribeLabel, words }: EmailProps): string {
  const blocks: string[] = [school, content.heading, ...content.paragraphs];
  for (const section of content.sections ?? []) blocks.push([section.title, ...section.lines.map((line) => `- ${line}`)].join("\n"));
  if (content.action && actionUrl) blocks.push(`${content.action.label}: ${actionUrl}`);
  if (content.note) blocks.push(content.note);
  if (unsubscribeUrl) {
    const links = [`${unsubscribeLabel ?? words.unsubscribe}: ${unsubscribeUrl}`];
    if (preferencesUrl) links.push(`${words.notificationSettings}: ${preferencesUrl}`);
    blocks.push(links.join("\n"));
  }
  blocks.push(words.sentBy);
  return `${blocks.join("\n\n")}\n`;
}
