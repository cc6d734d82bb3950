import { render, screen } from "@testing-library/react";
import type { Setting } from "@/components/auth/types";
import { SettingField } from "@/components/settings/setting-field";
import { SETTINGS } from "@/lib/setting-definitions";
import { checkSettingValue } from "@/lib/settings/schemas";

/** The "School networks" setting on the Settings screen: its group, label, help and the screen's own check. */
const definition = SETTINGS.find((s) => s.key === "school-networks")!;
const setting = {
  id: 1,
  key: definition.key,
  type: definition.type,
  value: "",
  description: definition.description,
  min: null,
  max: definition.max ?? null,
} as Setting;

it("sits in the Sign-in group as a text field named School networks, with help that says what it does", () => {
  expect(definition.group).toBe("Sign-in");
  render(<SettingField setting={setting} value="203.0.113.0/24" onChange={() => {}} readOnly={false} />);
  const field = screen.getByRole("textbox", { name: "School networks" });
  expect(field).toHaveValue("203.0.113.0/24");
  expect(field).toHaveAccessibleDescription(/CIDR ranges separated by commas .* never limited as a group, only per account/);
});

it("shows the server's reason under the field, and the screen checks a value with the same rules", () => {
  const rule = { key: setting.key, type: setting.type, min: null, max: setting.max };
  expect(checkSettingValue(rule, "203.0.113.0/24 2001:db8:1200::/48")).toEqual({ stored: "203.0.113.0/24, 2001:db8:1200::/48" });
  const refused = checkSettingValue(rule, "school wifi");
  expect(refused).toEqual({ error: expect.stringMatching(/"school" is not an address or CIDR range/) });
  render(<SettingField setting={setting} value="school wifi" onChange={() => {}} readOnly={false} error={(refused as { error: string }).error} />);
  expect(screen.getByRole("textbox", { name: "School networks" })).toHaveAccessibleDescription(/is not an address or CIDR range/);
});
