"use client";

import { toast, Toaster as SonnerToaster } from "sonner";

export interface SnackbarOptions {
  /** One button in the snackbar (Undo, See Profile, Show Errors). */
  action?: { label: string; onClick: () => void };
  /** "error" reads as an alert to screen readers and shows in red. */
  tone?: "default" | "error" | "success";
  /** Milliseconds; default 5000 (8000 with an action). */
  duration?: number;
}

/** Error snackbars still showing: they speak of the screen they came from. */
const errorIds = new Set<string | number>();

/** The one way to show a short message at the bottom of the screen. */
export function snackbar(message: string, options: SnackbarOptions = {}) {
  const { action, tone = "default", duration } = options;
  const common = {
    duration: duration ?? (action ? 8000 : 5000),
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  };
  if (tone === "error") {
    const forget = (t: { id: string | number }) => errorIds.delete(t.id);
    const id = toast.error(message, { ...common, onDismiss: forget, onAutoClose: forget });
    errorIds.add(id);
    return id;
  }
  if (tone === "success") return toast.success(message, common);
  return toast(message, common);
}

/** One snackbar, or every one (a new user or the forced password change: nothing carries over). */
snackbar.dismiss = (id?: string | number) => toast.dismiss(id);

/** Errors about the screen being left (another page): successes, with their Undo, stay. */
snackbar.dismissErrors = () => {
  for (const id of errorIds) toast.dismiss(id);
  errorIds.clear();
};

/** Mounted once, in the root layout. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-center"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!rounded-lg !border-slate-800 !bg-slate-900 !text-white !shadow-lg !text-sm",
          actionButton: "!bg-indigo-500 !text-white !font-semibold",
          closeButton: "!bg-slate-800 !text-white !border-slate-700",
          error: "!bg-red-800 !border-red-900",
        },
      }}
    />
  );
}
