import "server-only";
import type { Db } from "@/db";
import { findImportMapping } from "@/db/queries/imports";
import { fieldChoices, type ColumnMapping, type ImportField, type ImportKind } from "./fields";

export interface RememberedMapping {
  kind: ImportKind;
  headers_key: string;
  /** Each column's field, null for an ignored column; null when these headers were never uploaded. */
  mapping: ColumnMapping | null;
  updated_at: string | null;
}

/**
 * GET /api/imports/mappings: how the last upload of a file with this header row (trimmed, lower-cased
 * cells joined with U+001F) mapped its columns, so the wizard starts from it. A field no longer offered
 * comes back as null (ignored).
 */
export async function rememberedMapping(
  db: Db,
  kind: ImportKind,
  headersKey: string,
): Promise<RememberedMapping> {
  const row = await findImportMapping(db, kind, headersKey);
  const allowed: readonly string[] = fieldChoices(kind);
  return {
    kind,
    headers_key: headersKey,
    mapping: row
      ? row.mapping.map((field) => (field && allowed.includes(field) ? (field as ImportField) : null))
      : null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
