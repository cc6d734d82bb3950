import { excerptOf, snippetOf } from "@/lib/wiki/present";

describe("wiki excerpts and search snippets", () => {
  const body = [
    "# Title",
    "",
    "First **paragraph** wraps",
    "onto a second line with a [link](/wiki/post/2).",
    "",
    "| Key | Use |",
    "| --- | --- |",
    "| `Esc` | Close a dialog |",
    "",
    "```",
    "secret code block",
    "```",
    "",
    "- [x] Scanners type the number",
    "- [ ] and press Enter",
  ].join("\n");

  it("takes the first paragraph as one line of plain words", () => {
    expect(excerptOf(body)).toBe("First paragraph wraps onto a second line with a link.");
    const long = excerptOf("word ".repeat(100), 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long).toBe("word word word…");
  });

  it("finds the paragraph with a searched word, by the start of the word", () => {
    expect(snippetOf(body, ["scanner"])).toBe("Scanners type the number and press Enter");
    expect(snippetOf(body, ["esc"])).toBe("Key Use Esc Close a dialog");
    expect(snippetOf(body, ["secret"])).toBe(excerptOf(body, 140));
  });
});
