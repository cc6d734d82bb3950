"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { ApiClientError } from "@/lib/api/request.client";
import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";
import type { UploadAccepted } from "@/lib/imports/present";
import type { ChosenFile } from "./wizard-types";
import { UPLOAD_FAILED, sendCsv } from "./upload-form";

/**
 * The wizard's upload, once the password is confirmed: one request per file, in one batch. A wrong
 * password stays with the dialog; a refusal before any file went is said here; after some went, the
 * wizard moves on to their progress and says which did not.
 */
export function useCsvUpload(options: {
  kind: ImportKind;
  files: ChosenFile[];
  order: ColumnMapping;
  headerRowOf: (file: ChosenFile) => boolean;
  updateExisting: boolean;
  onUploaded: (uploads: UploadAccepted[], failure?: string) => void;
}) {
  const { kind, files, order, headerRowOf, updateExisting, onUploaded } = options;
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function upload(password: string) {
    setFailure(null);
    const batch = crypto.randomUUID();
    const uploads: UploadAccepted[] = [];
    try {
      for (const chosen of files) {
        const headerRow = headerRowOf(chosen);
        uploads.push(
          await sendCsv<UploadAccepted>(kind, chosen.file, {
            order,
            headerRow,
            updateExisting,
            password,
            batch,
          }),
        );
      }
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) throw error; // wrong password: the dialog says so
      setConfirming(false);
      const reason =
        error instanceof ApiClientError && error.status >= 400 && error.status < 500
          ? ` ${error.message}`
          : "";
      if (uploads.length === 0) {
        setFailure(`${UPLOAD_FAILED}${reason}`);
        throw error;
      }
      // Some files went: the wizard moves on to their progress, and says there which did not.
      const sent = uploads.map((u) => u.filename);
      const left = files.slice(uploads.length).map((f) => f.file.name);
      onUploaded(
        uploads,
        `${UPLOAD_FAILED}${reason} ${sent.join(", ")} ${sent.length === 1 ? "was" : "were"} uploaded. Upload ${left.join(", ")} again.`,
      );
      throw error;
    }
    void mutate("/api/imports");
    onUploaded(uploads);
  }

  return { confirming, setConfirming, failure, upload };
}
