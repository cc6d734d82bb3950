"use client";

import type { Setting } from "@/components/auth/types";
import { DatePicker } from "@/components/ui/date-picker";
import { Switch } from "@/components/ui/switch";
import { NumberField, TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/people/select-field";
import { LOCALES, LOCALE_NAMES } from "@/lib/i18n/locales";
import { settingLabel } from "./setting-labels";

/** What the form holds for a setting while it is edited (numbers stay text until saved). */
export type DraftValue = string | boolean | null;

const TIME_ZONES: string[] =
  typeof Intl !== "undefined" && "supportedValuesOf" in Intl
    ? (Intl as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone")
    : [];

/** One setting, rendered by its type: switch, number field, text field or date picker. */
// eslint-disable-next-line max-lines-per-function -- the field switches on the setting's kind in one place
export function SettingField({
  setting,
  value,
  onChange,
  error,
  readOnly,
}: {
  setting: Setting;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  error?: string;
  readOnly: boolean;
}) {
  const label = settingLabel(setting.key);
  switch (setting.type) {
    case "boolean":
      return (
        <Switch
          label={label}
          description={setting.description}
          checked={value === true}
          onCheckedChange={(checked) => onChange(checked)}
          disabled={readOnly}
        />
      );
    case "numeric":
      return (
        <NumberField
          label={label}
          hint={setting.description}
          value={typeof value === "string" ? value : ""}
          min={setting.min ?? undefined}
          max={setting.max ?? undefined}
          step={1}
          onChange={(e) => onChange(e.target.value)}
          readOnly={readOnly}
          error={error}
          containerClassName="max-w-xs"
        />
      );
    case "datetime":
      return (
        <div className="max-w-xs">
          <DatePicker
            label={label}
            value={typeof value === "string" ? value : null}
            onChange={(date) => onChange(date)}
            disabled={readOnly}
            error={error}
            placeholder="No date set"
          />
          <p className="mt-1.5 text-xs text-slate-600">{setting.description}</p>
        </div>
      );
    default: {
      if (setting.key === "default-locale") {
        return <LanguageSetting label={label} setting={setting} value={value} onChange={onChange} readOnly={readOnly} />;
      }
      const isZone = setting.key === "timezone";
      return (
        <>
          <TextField
            label={label}
            hint={setting.description}
            value={typeof value === "string" ? value : ""}
            maxLength={setting.max ?? undefined}
            onChange={(e) => onChange(e.target.value)}
            readOnly={readOnly}
            error={error}
            list={isZone && !readOnly ? "time-zones" : undefined}
            autoComplete="off"
            containerClassName="max-w-md"
          />
          {isZone && !readOnly && (
            <datalist id="time-zones">
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          )}
        </>
      );
    }
  }
}

/** The school's default language: one of the shipped languages, each in its own words. */
function LanguageSetting({
  label,
  setting,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  setting: Setting;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  readOnly: boolean;
}) {
  return (
    <div className="max-w-md">
      <SelectField
        label={label}
        value={typeof value === "string" ? value : "en"}
        onChange={(e) => onChange(e.target.value)}
        disabled={readOnly}
        options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
      />
      <p className="mt-1.5 text-xs text-slate-600">{setting.description}</p>
    </div>
  );
}
