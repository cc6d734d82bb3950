import { ImportFileError } from "./errors";

const BINARY_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * The file's text. UTF-8 (with or without a BOM) is expected; a file that is not valid UTF-8 is read
 * as Windows-1252, which is what Excel's plain "CSV (Comma delimited)" writes. Binary files (NUL or
 * other control bytes, UTF-16 exports) are refused with a reason.
 */
export function decodeCsv(bytes: Uint8Array, filename: string): string {
  if (bytes.byteLength === 0) throw new ImportFileError(`${filename} is empty.`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportFileError(`${filename} is saved as UTF-16. Save it as "CSV UTF-8" and upload it again.`);
  }
  if (bytes.includes(0)) throw new ImportFileError(`${filename} is not a CSV text file.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (BINARY_CONTROLS.test(text)) throw new ImportFileError(`${filename} is not a CSV text file.`);
  return text;
}
