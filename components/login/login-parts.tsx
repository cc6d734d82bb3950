import { ArrowLeft, Eye, EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, type RefObject } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { TextField } from "@/components/ui/text-field";
import type { RememberedUser } from "@/lib/storage.client";

/** An error that belongs to no field (throttled, server down). */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {message}
    </p>
  );
}

/** The account being signed in to, with Change (back to the username step). */
export function ChosenAccount({ account, onChange }: { account: RememberedUser; onChange: () => void }) {
  const t = useTranslations("login.password");
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <Avatar initials={account.initials} color={account.color} size="sm" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{account.username}</span>
      <Button variant="ghost" size="sm" onClick={onChange}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("changeAccountButton")}
      </Button>
    </div>
  );
}

/** Step 2: the password (shown or hidden) for the chosen account, and Sign In. */
export function PasswordStep({
  account,
  chosen,
  password,
  onPassword,
  error,
  formError,
  busy,
  passwordRef,
  showPassword,
  onShowPassword,
  onSubmit,
  after,
}: {
  account: RememberedUser;
  chosen: ReactNode;
  password: string;
  onPassword: (value: string) => void;
  error: string | undefined;
  formError: ReactNode;
  busy: boolean;
  passwordRef: RefObject<HTMLInputElement | null>;
  showPassword: boolean;
  onShowPassword: (shown: boolean) => void;
  onSubmit: (event: FormEvent) => void;
  /** Under Sign In ("Forgot your password?"). */
  after?: ReactNode;
}) {
  const t = useTranslations("login.password");
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {chosen}
      {/* Lets password managers pair the password with the account. */}
      <input type="text" name="username" autoComplete="username" value={account.username} readOnly hidden />
      <TextField
        ref={passwordRef}
        label={t("label")}
        name="password"
        type={showPassword ? "text" : "password"}
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={error}
        autoFocus
        trailing={
          <IconButton
            label={showPassword ? t("hideButton") : t("showButton")}
            icon={showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
            size="sm"
            noTooltip
            onClick={() => onShowPassword(!showPassword)}
          />
        }
      />
      {formError}
      <Button type="submit" size="lg" loading={busy} className="w-full">
        {t("signInButton")}
      </Button>
      {after}
    </form>
  );
}
