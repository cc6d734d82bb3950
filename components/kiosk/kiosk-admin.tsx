"use client";

import { MonitorSmartphone, Plus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { useAuth } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { CopyField, ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { inputClasses, TextField } from "@/components/ui/text-field";
import { ApiClientError, GENERIC_FAILURE, apiDelete, apiPost, messageOf } from "@/lib/api/request.client";
import type { CreatedKiosk, KioskView } from "@/lib/kiosk/answers";
import type { StaffListItem } from "@/lib/people/lists.server";

const KIOSKS_KEY = "/api/kiosks";

type Created = CreatedKiosk;

/** The register form: a name for the device and the teacher whose Focus Block it serves. */
function RegisterDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (created: Created) => void }) {
  const { data: staff } = useSWR<StaffListItem[]>(open ? "/api/staff" : null);
  const [label, setLabel] = useState("");
  const [staffId, setStaffId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const selectId = useId();

  const { run: register, busy: sending } = useAction(
    async () => {
      const created = await apiPost<Created>(KIOSKS_KEY, { label, staff_id: Number(staffId) });
      setLabel("");
      setStaffId("");
      onCreated(created);
    },
    {
      failed: GENERIC_FAILURE,
      handled: (failure) => {
        if (!(failure instanceof ApiClientError && failure.status === 422)) return false;
        setErrors({ label: failure.fieldError("label") ?? "", staff_id: failure.fieldError("staff_id") ?? "" });
        return true;
      },
    },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!label.trim()) missing.label = "Give the kiosk a name.";
    if (!staffId) missing.staff_id = "Choose the teacher.";
    setErrors(missing);
    if (Object.keys(missing).length) return;
    await register();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Register a kiosk"
      description="A tablet or lab computer by the door where students check themselves in to one teacher's Focus Block."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="kiosk-register" loading={sending}>
            Register
          </Button>
        </>
      }
    >
      <form id="kiosk-register" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" placeholder="Room 204 door" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} error={errors.label || null} required />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            Teacher
          </label>
          <select
            id={selectId}
            value={staffId}
            onChange={(e) => setStaffId(e.target.value)}
            aria-invalid={errors.staff_id ? true : undefined}
            aria-describedby={errors.staff_id ? `${selectId}-error` : undefined}
            className={inputClasses(Boolean(errors.staff_id))}
          >
            <option value="">{staff ? "Choose a teacher" : "Loading…"}</option>
            {staff?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {errors.staff_id && (
            <p id={`${selectId}-error`} className="text-sm text-red-700">
              {errors.staff_id}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** Shown once after registering: the setup link and token (the server keeps only a hash). */
function TokenDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  const link = created && typeof window !== "undefined" ? `${window.location.origin}${created.setup_path}` : "";
  return (
    <ShownOnceDialog
      open={created !== null}
      onClose={onClose}
      title={`Kiosk "${created?.kiosk.label ?? ""}" registered`}
      description="Open the setup link on the kiosk device once (or paste the token there). This is the only time it is shown."
    >
      {created && (
        <>
          <CopyField label="Setup link" value={link} copyLabel="Copy setup link" copied={["Copied the setup link."]} failed="Could not copy to the clipboard." />
          <CopyField label="Device token" value={created.token} className="font-mono" copyLabel="Copy device token" copied={["Copied the device token."]} failed="Could not copy to the clipboard." />
          <p className="text-sm text-slate-700">
            The kiosk checks students in to {created.kiosk.staff.name}&apos;s Focus Block and can do nothing else. Revoke it here if the device is lost.
          </p>
        </>
      )}
    </ShownOnceDialog>
  );
}

/** /kiosks: administrators register, list and revoke kiosks. */
// eslint-disable-next-line max-lines-per-function -- the kiosk list, its register and token dialogs and its revoke confirm share one page
export function KioskAdmin() {
  const { user } = useAuth();
  const isAdmin = user?.role === "admin" || user?.role === "sysadmin";
  const { data, error, isLoading, mutate } = useSWR<{ kiosks: KioskView[] }>(isAdmin ? KIOSKS_KEY : null);
  const [registering, setRegistering] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<KioskView | null>(null);
  const revoke = useAction(
    async (kiosk: KioskView) => {
      await apiDelete(`${KIOSKS_KEY}/${kiosk.id}`);
      snackbar(`Revoked ${kiosk.label}.`, { tone: "success" });
      void mutate();
    },
    { failed: GENERIC_FAILURE, rethrow: true },
  ).run;
  // Instants in the school's time zone (the setting), as every other screen shows them.
  const schoolTime = useSchoolTime();
  const when = (iso: string | null) => (iso ? schoolTime(iso) : "Never");

  if (!isAdmin) {
    return (
      <div className="mx-auto w-full max-w-6xl">
        <PageHeader title="Kiosks" />
        <p className="text-sm text-slate-700">Only administrators manage kiosks.</p>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Kiosks"
        description="Devices by a classroom door where students check themselves in by typing or scanning their student number."
        actions={
          <Button onClick={() => setRegistering(true)}>
            <Plus aria-hidden className="size-4" />
            Register a kiosk
          </Button>
        }
      />
      {error && !data && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {messageOf(error, "The kiosks could not be loaded.")}
        </p>
      )}
      {isLoading ? (
        <Spinner />
      ) : data && data.kiosks.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <MonitorSmartphone aria-hidden className="size-8 text-slate-500" />
          <p className="text-sm text-slate-700">No kiosks yet. Register one for a teacher&apos;s classroom.</p>
        </div>
      ) : data ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Kiosks</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Name</th>
                <th scope="col" className="px-4 py-2 font-medium">Teacher</th>
                <th scope="col" className="px-4 py-2 font-medium">Registered</th>
                <th scope="col" className="px-4 py-2 font-medium">Last used</th>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
                <th scope="col" className="px-4 py-2 font-medium"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {data.kiosks.map((kiosk) => (
                <tr key={kiosk.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-4 py-2 font-medium text-slate-900">{kiosk.label}</th>
                  <td className="px-4 py-2 text-slate-800">{kiosk.staff.name}</td>
                  <td className="px-4 py-2 text-slate-700">{when(kiosk.created_at)}</td>
                  <td className="px-4 py-2 text-slate-700">{when(kiosk.last_used_at)}</td>
                  <td className="px-4 py-2">
                    {kiosk.revoked_at ? (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Revoked {when(kiosk.revoked_at)}</span>
                    ) : (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">Active</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right">
                    {!kiosk.revoked_at && (
                      <Button variant="ghost" size="sm" onClick={() => setRevoking(kiosk)} aria-label={`Revoke ${kiosk.label}`}>
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <RegisterDialog
        open={registering}
        onOpenChange={setRegistering}
        onCreated={(result) => {
          setRegistering(false);
          setCreated(result);
          void mutate();
        }}
      />
      <TokenDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke "${revoking?.label ?? ""}"?`}
        description="The device stops checking students in at once. This cannot be undone; register it again to reuse it."
        confirmLabel="Revoke"
        destructive
        onConfirm={async () => {
          if (revoking) await revoke(revoking);
        }}
      />
    </div>
  );
}
