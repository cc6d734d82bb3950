/* eslint-disable @next/next/no-img-element -- the logo is served by our API */
"use client";

import { ImageIcon, Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { AppSettings, Setting } from "@/components/auth/types";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiUpload } from "@/lib/api/request.client";
import { LOGO_MESSAGES, LOGO_TYPES, MAX_LOGO_BYTES } from "@/lib/settings/logo";

/** The school logo: a preview and, for administrators, an upload button (POST /api/settings/logo). */
// eslint-disable-next-line max-lines-per-function -- the logo's preview, its upload and the upload's refusals are one field
export function LogoField({
  setting,
  readOnly,
  onUploaded,
}: {
  setting: Setting;
  readOnly: boolean;
  onUploaded: (settings: AppSettings) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Our URL of the logo (`value` is the file name the spec's original client reads).
  const logo = setting.url ? setting.url : null;

  const upload = useAction(
    async (form: FormData) => {
      onUploaded(await apiUpload<AppSettings>("/api/settings/logo", form));
      snackbar("Uploaded the new logo.", { tone: "success" });
    },
    {
      // The refusal is said under the field, as the checks before the upload are.
      handled: (failure) => {
        setError(
          failure instanceof ApiClientError
            ? (failure.fieldError("file") ?? failure.message)
            : "Unable to upload the logo.",
        );
        return true;
      },
    },
  );

  async function send(file: File) {
    setError(null);
    if (!LOGO_TYPES.includes(file.type)) return setError(LOGO_MESSAGES.wrongType);
    if (file.size > MAX_LOGO_BYTES) return setError(LOGO_MESSAGES.tooLarge);
    const form = new FormData();
    form.set("file", file);
    await upload.run(form);
    if (input.current) input.current.value = "";
  }

  return (
    <div>
      <p id="logo-label" className="text-sm font-medium text-slate-800">
        School logo
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <div className="flex size-16 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          {logo ? (
            <img src={logo} alt="Current school logo" className="size-full object-contain p-1" />
          ) : (
            <ImageIcon aria-label="No logo" className="size-6 text-slate-400" />
          )}
        </div>
        {!readOnly && (
          <>
            <input
              ref={input}
              type="file"
              accept={LOGO_TYPES.join(",")}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void send(file);
              }}
            />
            <Button
              variant="secondary"
              loading={upload.busy}
              onClick={() => input.current?.click()}
              aria-describedby="logo-hint"
            >
              <Upload aria-hidden className="size-4" />
              Upload logo
            </Button>
          </>
        )}
      </div>
      <p id="logo-hint" className="mt-1.5 text-xs text-slate-600">
        {setting.description}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
