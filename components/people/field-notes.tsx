import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";

/** What the chosen fields' cells may hold (homeroom, title, default teacher, capacity), under the preview. */
export function FieldNotes({ kind, order }: { kind: ImportKind; order: ColumnMapping }) {
  return (
    <>
      {order.includes("homeroom") && (
        <p className="text-sm text-slate-700">
          Each homeroom is its code (&ldquo;HR-204&rdquo;, from the SIS or the staff file&apos;s homeroom
          code), or the teacher&apos;s email or name (&ldquo;Ada Lovelace&rdquo;, &ldquo;Lovelace, Ada&rdquo; or
          &ldquo;Mx. Lovelace&rdquo;); a blank cell means no default teacher.
        </p>
      )}
      {kind === "staff" && (
        <p className="text-sm text-slate-700">
          A title is Mr., Ms., Mrs., Mx., Dr., Miss, Mlle., Mme. or Prof.; a blank cell (or no title column)
          means no title.
        </p>
      )}
      {order.includes("default_teacher_email") && (
        <p className="text-sm text-slate-700">
          Each default teacher email must be a staff member&apos;s; a blank cell means no default teacher.
          With &ldquo;update existing&rdquo;, a matching student&apos;s default teacher is set from this
          column too.
        </p>
      )}
      {(order.includes("takes_students") || order.includes("capacity")) && (
        <p className="text-sm text-slate-700">
          Takes Focus Block students is yes or no (true/false, 1/0); capacity a whole number from 0 to 500. A
          blank cell gives a new staff member the default and leaves an existing one as they are.
        </p>
      )}
    </>
  );
}
