import { POST as staffUpload } from "@/app/api/staff/upload/route";
import { POST as studentUpload } from "@/app/api/students/upload/route";
import { TEST_PASSWORD } from "./factories";
import { callForm } from "./http";

/** CSV imports in API tests: build files and send them as the wizard would. */

export const STUDENT_HEADERS = "first_name,last_name,grade,student_number";
export const STAFF_HEADERS = "email,last_name,first_name,title";

/** `count` valid student rows, numbers from `first` up (7 digits). */
export function studentRows(count: number, first = 3_000_000, grade = 9): string[] {
  return Array.from({ length: count }, (_, i) => `First${i},Last${i},${grade},${first + i}`);
}

export const csvFile = (lines: readonly string[] | string, name = "students.csv", type = "text/csv") =>
  new File([typeof lines === "string" ? lines : `${lines.join("\n")}\n`], name, { type });

interface UploadOptions {
  token: string;
  file: File | Blob | string | null;
  headers?: string;
  password?: string | null;
  dryRun?: boolean;
  updateExisting?: boolean;
  batch?: string;
  kind?: "students" | "staff";
}

/** POST /api/students/upload (or staff) with the wizard's multipart fields. */
export function upload(options: UploadOptions) {
  const kind = options.kind ?? "students";
  const form = new FormData();
  if (options.file !== null) form.append("file", options.file as Blob);
  form.append("headers", options.headers ?? (kind === "students" ? STUDENT_HEADERS : STAFF_HEADERS));
  if (options.password !== null) form.append("password", options.password ?? TEST_PASSWORD);
  if (options.dryRun) form.append("dry_run", "true");
  if (options.updateExisting) form.append("update_existing", "true");
  if (options.batch) form.append("batch", options.batch);
  return callForm(kind === "students" ? studentUpload : staffUpload, { token: options.token, form });
}
