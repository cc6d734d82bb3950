import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { SETTINGS } from "@/lib/setting-definitions";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/settings",
}));

/** "The SIS's administrators are Flexblock administrators": only a sysadmin may turn it on (the server refuses anyone else). */
const definition = SETTINGS.find((s) => s.key === "sis-administrators-are-administrators")!;
const setting = {
  id: 1,
  key: definition.key,
  type: definition.type,
  value: false,
  description: definition.description,
  min: null,
  max: null,
  sysadmin_only: true,
};

function asRole(role: "admin" | "sysadmin") {
  const settings = { values: { [setting.key]: setting }, groups: [{ id: 1, name: "Sign-in", description: "", settings: [setting] }] };
  const auth = { status: "signed-in", user: { role }, settings, setSettings: jest.fn() } as unknown as AuthState;
  return render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), fetcher: async () => [], dedupingInterval: 0 }}>
        <SettingsScreen />
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

it("is off by default, in the Sign-in group, and says that only a system administrator can change it", () => {
  expect(definition).toMatchObject({ group: "Sign-in", type: "boolean", default: "false", sysadminOnly: true });
  expect(definition.description).toMatch(/Only a system administrator can change this\.$/);
});

it("is read-only for an administrator and can be changed by a sysadmin", () => {
  const name = "The SIS's administrators are Flexblock administrators";
  const { unmount } = asRole("admin");
  expect(screen.getByRole("switch", { name })).toBeDisabled();
  unmount();
  asRole("sysadmin");
  expect(screen.getByRole("switch", { name })).toBeEnabled();
});
