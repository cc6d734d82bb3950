/** Saves text as a file in the browser (CSV downloads); the object URL is released right after. */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `name-2026-03-20T14-03-11.csv`. */
export const stampedName = (name: string, now = new Date()) =>
  `${name}-${now.toISOString().slice(0, 19).replace(/:/g, "-")}.csv`;
