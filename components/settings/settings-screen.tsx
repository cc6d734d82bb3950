"use client";

import { KeyRound, Lock, MessageSquareText } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { ADMIN_ROLES, type AppSettings, type Setting } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Accordion } from "@/components/ui/accordion";
import { Button, buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError, apiPut } from "@/lib/api/client";
import { checkSettingValue, type SettingInput } from "@/lib/settings/schemas";
import { FeedbackListDialog } from "./feedback-list-dialog";
import { LogoField } from "./logo-field";
import { SettingField, type DraftValue } from "./setting-field";

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

/** /settings: groups in an accordion (one open at a time); administrators can change and save. */
export function SettingsScreen() {
  const { user, settings, setSettings } = useSignedInUser();
  const canEdit = ADMIN_ROLES.includes(user.role);
  const groups = settings.groups;
  const [openGroup, setOpenGroup] = useState(groups[0]?.name ?? "");
  const [drafts, setDrafts] = useState<Record<string, DraftValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  const allSettings = useMemo(() => groups.flatMap((g) => g.settings), [groups]);
  const changed = allSettings.filter((s) => s.key in drafts && drafts[s.key] !== toDraft(s));

  function edit(key: string, value: DraftValue) {
    setDrafts((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
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

  return (
    <>
      <PageHeader
        title="Settings"
        description={canEdit ? "Changes apply to everyone at your school." : "Settings for your school."}
        actions={
          canEdit && (
            <>
              <Link href="/api-tokens" className={buttonClasses({ variant: "secondary" })}>
                <KeyRound aria-hidden className="size-4" />
                API tokens
              </Link>
              <Button variant="secondary" onClick={() => setFeedbackOpen(true)}>
                <MessageSquareText aria-hidden className="size-4" />
                Feedback received
              </Button>
            </>
          )
        }
      />
      {!canEdit && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <Lock aria-hidden className="size-4 text-slate-500" />
          Only administrators can change settings.
        </p>
      )}
      <Accordion
        value={openGroup}
        onValueChange={setOpenGroup}
        headingLevel={2}
        items={groups.map((group) => ({
          value: group.name,
          title: group.name,
          subtitle: group.description,
          content: (
            <div className="flex flex-col gap-6 py-1">
              {group.settings.map((setting) =>
                setting.key === "school_logo" ? (
                  <LogoField
                    key={setting.key}
                    setting={setting}
                    readOnly={!canEdit}
                    onUploaded={setSettings}
                  />
                ) : (
                  <SettingField
                    key={setting.key}
                    setting={setting}
                    value={setting.key in drafts ? drafts[setting.key]! : toDraft(setting)}
                    onChange={(value) => edit(setting.key, value)}
                    error={errors[setting.key]}
                    readOnly={!canEdit}
                  />
                ),
              )}
            </div>
          ),
        }))}
      />
      {canEdit && changed.length > 0 && (
        <div
          role="region"
          aria-label="Unsaved changes"
          className="sticky bottom-4 z-10 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur"
        >
          <p className="text-sm text-slate-700">
            {changed.length === 1 ? "1 unsaved change" : `${changed.length} unsaved changes`}
          </p>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => (setDrafts({}), setErrors({}))} disabled={saving}>
              Discard
            </Button>
            <Button onClick={save} loading={saving}>
              Save changes
            </Button>
          </div>
        </div>
      )}
      {canEdit && <FeedbackListDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />}
    </>
  );
}
