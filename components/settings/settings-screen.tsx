"use client";

import { useState } from "react";
import { ADMIN_ROLES } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Accordion } from "@/components/ui/accordion";
import { FeedbackListDialog } from "./feedback-list-dialog";
import { LogoField } from "./logo-field";
import { SettingField } from "./setting-field";
import { SettingsHeader } from "./settings-header";
import { UnsavedChangesBar } from "./unsaved-changes-bar";
import { useSettingDrafts } from "./use-setting-drafts";

/** /settings: groups in an accordion (one open at a time); administrators can change and save. */
export function SettingsScreen() {
  const { user, settings, setSettings } = useSignedInUser();
  const canEdit = ADMIN_ROLES.includes(user.role);
  const groups = settings.groups;
  const { openGroup, setOpenGroup, errors, saving, changed, draftOf, edit, discard, save } = useSettingDrafts(
    groups,
    setSettings,
  );
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <>
      <SettingsHeader canEdit={canEdit} onFeedback={() => setFeedbackOpen(true)} />
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
                    value={draftOf(setting)}
                    onChange={(value) => edit(setting.key, value)}
                    error={errors[setting.key]}
                    readOnly={!canEdit || ("sysadmin_only" in setting && setting.sysadmin_only === true && user.role !== "sysadmin")}
                  />
                ),
              )}
            </div>
          ),
        }))}
      />
      {canEdit && changed.length > 0 && (
        <UnsavedChangesBar count={changed.length} saving={saving} onDiscard={discard} onSave={save} />
      )}
      {canEdit && <FeedbackListDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />}
    </>
  );
}
