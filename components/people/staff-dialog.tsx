"use client";

import type { StaffListItem } from "@/lib/people/lists.server";
import { STAFF_TITLE_CHOICES } from "@/lib/people/names";
import { AddPersonButton, EditPersonButton, type PersonKind } from "./person-dialog";
import { StaffFields, useStaffForm, type StaffFormInput, type StaffFormValues } from "./staff-form";

/** What the Edit dialog needs of a staff profile. */
export interface EditableStaff {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  title: string;
  initials: string;
  administrator: boolean;
}

type Created = StaffListItem & { initial_password: string };
const STAFF: PersonKind<StaffFormInput, StaffFormValues> = {
  what: "Staff",
  path: "staff",
  form: "staff",
  fields: ["email", "title", "first_name", "last_name", "initials", "administrator"],
  useForm: useStaffForm,
  Fields: StaffFields,
};

/** /staff's Add Staff button and dialog (administrators and sysadmins). */
export function AddStaffButton() {
  return (
    <AddPersonButton
      kind={STAFF}
      identify={(values) => values.email}
      username={(created: Created) => created.email}
    />
  );
}

/**
 * A staff profile's Edit button (administrators and sysadmins): email (the sign-in username follows it),
 * names, title, initials, administrator.
 */
export function EditStaffButton({ staff, onSaved }: { staff: EditableStaff; onSaved: () => unknown }) {
  return (
    <EditPersonButton
      kind={STAFF}
      id={staff.id}
      initial={{
        email: staff.email,
        // A title outside the list (from before it was checked) shows as none rather than inventing one.
        title: STAFF_TITLE_CHOICES.find((title) => title === staff.title) ?? "",
        first_name: staff.first_name,
        last_name: staff.last_name,
        initials: staff.initials,
        administrator: staff.administrator,
      }}
      body={(fields) => fields}
      onSaved={onSaved}
    />
  );
}
