"use client";

import type { StudentItem } from "@/lib/people/present";
import { AddPersonButton, EditPersonButton, type PersonKind } from "./person-dialog";
import { StudentFields, useStudentForm, type StudentFormInput, type StudentFormValues } from "./student-form";

type Created = StudentItem & { initial_password: string };
const STUDENTS: PersonKind<StudentFormInput, StudentFormValues> = {
  what: "Student",
  path: "students",
  form: "student",
  fields: [
    "first_name",
    "last_name",
    "preferred_first_name",
    "initials",
    "student_number",
    "grade",
    "email",
    "default_teacher_id",
  ],
  useForm: useStudentForm,
  Fields: StudentFields,
};

/** What the Edit dialog needs of a student profile. */
export interface EditableStudent {
  id: number;
  first_name: string;
  last_name: string;
  /** The preferred first name; null or absent means none. */
  preferred_first_name?: string | null;
  initials: string;
  grade: number;
  /** Staff see it on the profile; absent means none. */
  default_teacher?: { id: number; name: string } | null;
  /** The optional school email (staff viewers); null or absent means none. */
  email?: string | null;
}

/** /students' Add Student button and dialog (staff and sysadmins; the File Upload tab for administrators and sysadmins). */
export function AddStudentButton({ uploads = true }: { uploads?: boolean }) {
  return (
    <AddPersonButton
      kind={STUDENTS}
      uploads={uploads}
      identify={(values) => values.student_number}
      // The created panel's username is the student number sent.
      username={(_created: Created, sent) => sent.student_number}
    />
  );
}

/** A student profile's Edit button (administrators and sysadmins): names, initials, grade, email and default teacher. */
export function EditStudentButton({
  student,
  onSaved,
}: {
  student: EditableStudent;
  onSaved: () => unknown;
}) {
  const { first_name, last_name, initials, grade } = student;
  return (
    <EditPersonButton
      kind={STUDENTS}
      id={student.id}
      initial={{
        first_name,
        last_name,
        preferred_first_name: student.preferred_first_name ?? "",
        email: student.email ?? "",
        initials,
        grade,
        student_number: "",
        default_teacher_id: student.default_teacher?.id ?? null,
      }}
      body={({ student_number: _number, ...fields }) => fields}
      onSaved={onSaved}
    />
  );
}
