"use client";

import { useMemo, useState } from "react";
import type { AppSettings, Setting, SettingGroup } from "@/components/auth/types";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError, apiPut } from "@/lib/api/request.client";
import { checkSettingValue, type SettingInput } from "@/lib/settings/schemas";
import type { DraftValue } from "./setting-field";

const toDraft = (setting: Setting): DraftValue =>
  setting.type === "numeric"
    ? setting.value === null
      ? ""
      : String(setting.value)
    : (setting.value as DraftValue);

/** The value to send: numbers typed as text become numbers ("" and junk stay text and fail the check). */
const toInput = (setting: Setting, draft: DraftValue): SettingInput =>
  setting.type === "numeric" &&
  typeof draft === "string" &&
  draft.trim() !== "" &&
  !Number.isNaN(Number(draft))
    ? Number(draft)
    : draft;

/**
 * The settings being changed: each setting's draft and error, the open group (the first with an
 * error), and saving the changed ones with PUT /api/settings after checking them here.
 */
export function useSettingDrafts(groups: SettingGroup[], setSettings: (settings: AppSettings) => void) {
  const [openGroup, setOpenGroup] = useState(groups[0]?.name ?? "");
  const [drafts, setDrafts] = useState<Record<string, DraftValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const allSettings = useMemo(() => groups.flatMap((g) => g.settings), [groups]);
  const changed = allSettings.filter((s) => s.key in drafts && drafts[s.key] !== toDraft(s));

  const draftOf = (setting: Setting) => (setting.key in drafts ? drafts[setting.key]! : toDraft(setting));

  function edit(key: string, value: DraftValue) {
    setDrafts((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  }

  function discard() {
    setDrafts({});
    setErrors({});
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = groups.find((g) => g.settings.some((s) => found[s.key]));
    if (first) setOpenGroup(first.name);
  }

  async function save() {
    const values: Record<string, SettingInput> = {};
    const found: Record<string, string> = {};
    for (const setting of changed) {
      const input = toInput(setting, drafts[setting.key]!);
      const checked = checkSettingValue(setting, input);
      if ("error" in checked) found[setting.key] = checked.error;
      values[setting.key] = input;
    }
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      const next = await apiPut<AppSettings>("/api/settings", { values });
      setSettings(next);
      setDrafts({});
      setErrors({});
      snackbar("Saved settings.", { tone: "success" });
    } catch (failure) {
      // One message per failure: under the settings it is about, or a snackbar when it is about none.
      const fields =
        failure instanceof ApiClientError && failure.status === 422
          ? Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? failure.message]))
          : {};
      if (Object.keys(fields).length > 0) showErrors(fields);
      else snackbar("That didn't work. Please try again.", { tone: "error" });
    } finally {
      setSaving(false);
    }
  }

  return { openGroup, setOpenGroup, errors, saving, changed, draftOf, edit, discard, save };
}
