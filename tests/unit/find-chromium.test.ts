/** @jest-environment node */
import { findChromium, HOW_TO_GET_CHROMIUM } from "@/scripts/find-chromium.mjs";

/** A file system holding exactly these executables (and a Playwright cache folder when given). */
const only = (...files: string[]) => (file: string) => files.includes(file);

describe("findChromium", () => {
  const base = { env: { PATH: "/usr/local/bin:/opt/bin" }, home: "/nonexistent-home" };

  it("prefers CHROMIUM_PATH, and reports a wrong one instead of looking elsewhere", () => {
    expect(
      findChromium({ ...base, env: { CHROMIUM_PATH: "/x/chrome" }, exists: only("/x/chrome", "/usr/bin/chromium") }),
    ).toEqual({ path: "/x/chrome", source: "CHROMIUM_PATH" });
    const wrong = findChromium({ ...base, env: { CHROMIUM_PATH: "/x/none" }, exists: only("/usr/bin/chromium") });
    expect(wrong.path).toBeNull();
    expect(wrong).toMatchObject({ message: expect.stringContaining("CHROMIUM_PATH is set to /x/none") });
  });

  it("then Debian's /usr/bin/chromium, then chromium on PATH", () => {
    expect(findChromium({ ...base, exists: only("/usr/bin/chromium", "/opt/bin/chromium") }).path).toBe(
      "/usr/bin/chromium",
    );
    expect(findChromium({ ...base, exists: only("/opt/bin/chromium") })).toEqual({
      path: "/opt/bin/chromium",
      source: "PATH",
    });
  });

  it("then a browser Playwright installed, the newest full Chromium first", () => {
    const fs = jest.requireActual<typeof import("node:fs")>("node:fs");
    const os = jest.requireActual<typeof import("node:os")>("node:os");
    const root = fs.mkdtempSync(`${os.tmpdir()}/pw-browsers-`);
    try {
      for (const dir of ["chromium-1100", "chromium-1200", "chromium_headless_shell-1300", "firefox-1400"]) {
        fs.mkdirSync(`${root}/${dir}`);
      }
      const newest = `${root}/chromium-1200/chrome-linux64/chrome`;
      const older = `${root}/chromium-1100/chrome-linux/chrome`;
      const shell = `${root}/chromium_headless_shell-1300/chrome-headless-shell-linux64/chrome-headless-shell`;
      const env = { PATH: "", PLAYWRIGHT_BROWSERS_PATH: root };
      expect(findChromium({ ...base, env, exists: only(older, newest, shell) })).toEqual({
        path: newest,
        source: "Playwright",
      });
      expect(findChromium({ ...base, env, exists: only(shell) }).path).toBe(shell);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("says in one sentence how to get one when there is none", () => {
    const none = findChromium({ ...base, exists: only() });
    expect(none).toEqual({ path: null, message: HOW_TO_GET_CHROMIUM });
    expect(HOW_TO_GET_CHROMIUM).toMatch(/apt-get install chromium/);
    expect(HOW_TO_GET_CHROMIUM).toMatch(/CHROMIUM_PATH/);
    expect(HOW_TO_GET_CHROMIUM.split(/[.!?](\s|$)/).filter((s) => s && s.trim()).length).toBe(1);
  });
});
