"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { startSso } from "./sso-start";

export interface Provider {
  id: string;
  name: string;
}

/**
 * "Continue with …" for each single sign-on provider the school configured (listed by
 * /api/settings/unauthenticated; none: nothing shown).
 * The provider sends the person back to /login?sso=1, where LoginScreen exchanges it for a token.
 */
export function SsoButtons({
  providers,
  origin,
}: {
  providers: Provider[] | undefined;
  origin: string | null;
}) {
  const t = useTranslations("login.sso");
  if (!providers || providers.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="relative mb-4 text-center text-xs text-slate-500">
        <span className="absolute inset-x-0 top-1/2 h-px bg-slate-200" aria-hidden />
        <span className="relative bg-white px-2">{t("separator")}</span>
      </div>
      <div className="flex flex-col gap-2">
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => startSso(provider.id, origin)}
          >
            {t("continueWith", { provider: provider.name })}
          </Button>
        ))}
      </div>
    </div>
  );
}
