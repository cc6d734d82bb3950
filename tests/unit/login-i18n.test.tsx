import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthContext, type AuthState } from "@/components/auth/auth-context";
import { ChangePasswordDialog } from "@/components/auth/change-password-dialog";
import { Splash } from "@/components/auth/splash";
import type { CurrentUser, SignOutReason } from "@/components/auth/types";
import { LoginForm } from "@/components/login/login-form";
import { LoginScreen } from "@/components/login/login-screen";
import { ResetPasswordScreen } from "@/components/login/reset-password-screen";
import { ApiClientError } from "@/lib/api/request.client";
import type { AppLocale } from "@/lib/i18n/locales";
import { setStored } from "@/lib/storage.client";
import { IntlWrapper } from "../helpers/intl-wrapper";

/** The sign-in experience in French (Canada) and Spanish, English left exactly as the spec words it. */
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), refresh: jest.fn() }),
  usePathname: () => "/login",
}));
jest.mock("@/components/login/sso-start", () => ({ startSso: jest.fn(), restartSso: () => false }));

function mockFetch(status: number, body: unknown) {
  global.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    text: async () => JSON.stringify(body),
  })) as unknown as typeof fetch;
}

function authState(patch: Partial<AuthState> = {}): AuthState {
  return {
    status: "signed-out",
    user: null,
    settings: null,
    signOutReason: null,
    settingsFailed: false,
    signIn: jest.fn(),
    acceptToken: jest.fn(),
    signOut: jest.fn(),
    refresh: jest.fn(),
    setSettings: jest.fn(),
    ...patch,
  };
}

const NO_SETTINGS = { values: {}, groups: [] };

function inLocale(locale: AppLocale, ui: ReactNode, auth = authState()) {
  return render(
    <IntlWrapper locale={locale}>
      <SWRConfig
        value={{
          provider: () => new Map(),
          fetcher: async () => NO_SETTINGS,
          fallback: { "/api/settings/unauthenticated": NO_SETTINGS },
        }}
      >
        <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
      </SWRConfig>
    </IntlWrapper>,
  );
}

beforeEach(() => window.localStorage.clear());

describe("the login form in each language", () => {
  it.each([
    ["en", "Email or Student Number", "Remember me", "Next", "A username is required to log in."],
    [
      "fr-CA",
      "Adresse courriel ou numéro d'élève",
      "Se souvenir de moi",
      "Suivant",
      "Un nom d'utilisateur est requis pour se connecter.",
    ],
    [
      "es",
      "Correo electrónico o número de estudiante",
      "Recordarme",
      "Siguiente",
      "Se necesita un nombre de usuario para iniciar sesión.",
    ],
  ] as const)(
    "%s: the username step's label, checkbox, button and its own refusal",
    async (locale, label, remember, next, required) => {
      const user = userEvent.setup();
      inLocale(locale, <LoginForm onSignIn={jest.fn()} />);
      expect(screen.getByLabelText(label)).toBeInTheDocument();
      expect(screen.getByLabelText(remember)).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: next }));
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(required);
    },
  );

  it.each([
    [
      "fr-CA",
      "Mot de passe",
      "Se connecter",
      "Afficher le mot de passe",
      "Les identifiants fournis sont incorrects.",
    ],
    [
      "es",
      "Contraseña",
      "Iniciar sesión",
      "Mostrar contraseña",
      "Las credenciales ingresadas no son correctas.",
    ],
  ] as const)(
    "%s: the password step and a refused password",
    async (locale, label, signIn, show, refused) => {
      const user = userEvent.setup();
      const onSignIn = jest.fn().mockRejectedValue(new ApiClientError(401, "x", "server text"));
      inLocale(locale, <LoginForm onSignIn={onSignIn} />);
      mockFetch(200, { username: "eleve@demo.school", initials: "EE", color: "blue" });
      await user.type(screen.getByRole("textbox"), "eleve@demo.school");
      await user.keyboard("{Enter}");
      const password = await screen.findByLabelText(label);
      expect(screen.getByRole("button", { name: show })).toBeInTheDocument();
      await user.type(password, "wrong-password");
      await user.click(screen.getByRole("button", { name: signIn }));
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(refused));
    },
  );

  it("names the remembered accounts in French, the username as it was typed", () => {
    setStored("rememberedUsers", [{ username: "100001", initials: "SS", color: "green" }]);
    inLocale("fr-CA", <LoginForm onSignIn={jest.fn()} />);
    expect(screen.getByRole("list", { name: "Comptes mémorisés" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Se connecter en tant que 100001" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retirer 100001" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Utiliser un autre compte" })).toBeInTheDocument();
  });
});

describe("the login screen in each language", () => {
  it.each([
    [
      "en",
      "Sign in",
      "Your session has expired. Please sign back in to continue.",
      "English",
      "Flexblock - Login",
    ],
    [
      "fr-CA",
      "Connexion",
      "Votre session a expiré. Veuillez vous reconnecter pour continuer.",
      "Français",
      "Flexblock - Connexion",
    ],
    [
      "es",
      "Iniciar sesión",
      "Tu sesión expiró. Vuelve a iniciar sesión para continuar.",
      "Español",
      "Flexblock - Iniciar sesión",
    ],
  ] as const)(
    "%s: heading, the session banner, the language picker and the page title",
    async (locale, heading, banner, language, title) => {
      inLocale(locale, <LoginScreen />, authState({ signOutReason: "expired" as SignOutReason }));
      expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
      expect(screen.getByRole("alert")).toHaveTextContent(banner);
      expect(screen.getByRole("combobox")).toHaveDisplayValue(language);
      await waitFor(() => expect(document.title).toBe(title));
    },
  );

  it("keeps the English intro and names the picker in English", () => {
    inLocale("en", <LoginScreen />);
    expect(screen.getByText("Use your school email or student number.")).toBeInTheDocument();
    expect(screen.getByLabelText("Language")).toBeInTheDocument();
  });

  it("says the failed settings and the school-account banner in French", () => {
    inLocale("fr-CA", <LoginScreen />, authState({ settingsFailed: true, signOutReason: "school-account" }));
    expect(screen.getByTestId("settings-failed")).toHaveTextContent(
      "Impossible de télécharger les paramètres de l'application. Veuillez réessayer.",
    );
    expect(
      screen.getByText(/ce navigateur est peut-être encore connecté à votre compte scolaire/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Langue")).toBeInTheDocument();
  });
});

describe("the splash and Change Password in each language", () => {
  it.each([
    ["en", "Loading Flexblock…"],
    ["fr-CA", "Chargement de Flexblock…"],
    ["es", "Cargando Flexblock…"],
  ] as const)("%s: the splash", (locale, loading) => {
    inLocale(locale, <Splash />);
    expect(screen.getByRole("status")).toHaveTextContent(loading);
  });

  it.each([
    [
      "fr-CA",
      "Changez votre mot de passe",
      "Ancien mot de passe",
      "Nouveau mot de passe",
      "Les mots de passe ne correspondent pas.",
      "Changer le mot de passe",
    ],
    [
      "es",
      "Cambia tu contraseña",
      "Contraseña anterior",
      "Nueva contraseña",
      "Las contraseñas no coinciden.",
      "Cambiar contraseña",
    ],
  ] as const)(
    "%s: the dialog a student opens from their page, and its own mismatch check",
    async (locale, title, old, fresh, mismatch, submit) => {
      const user = userEvent.setup();
      global.fetch = jest.fn() as unknown as typeof fetch;
      const student = { username: "100001", password_expired: false } as CurrentUser;
      inLocale(
        locale,
        <ChangePasswordDialog open onOpenChange={jest.fn()} />,
        authState({ status: "signed-in", user: student }),
      );
      expect(screen.getByRole("dialog", { name: title })).toBeInTheDocument();
      await user.type(screen.getByLabelText(old), "demo-password");
      await user.type(screen.getByLabelText(fresh), "a-long-new-password");
      await user.click(screen.getByRole("button", { name: submit }));
      expect(screen.getByText(mismatch)).toBeInTheDocument();
      expect(global.fetch).not.toHaveBeenCalled();
    },
  );
});

describe("Choose a new password in French", () => {
  it("says an incomplete link and the way to a new one", () => {
    inLocale("fr-CA", <ResetPasswordScreen token={null} />);
    expect(screen.getByRole("heading", { name: "Choisissez un nouveau mot de passe" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(/Ce lien de mot de passe est incomplet/);
    expect(screen.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute("href", "/login");
  });

  it("says the browser's own length check in French", async () => {
    const user = userEvent.setup();
    inLocale("fr-CA", <ResetPasswordScreen token="a-token" />);
    await user.type(screen.getByLabelText("Nouveau mot de passe"), "court");
    await user.type(screen.getByLabelText("Confirmer le nouveau mot de passe"), "court");
    await user.click(screen.getByRole("button", { name: "Enregistrer le nouveau mot de passe" }));
    expect(await screen.findByLabelText("Nouveau mot de passe")).toHaveAccessibleDescription(
      expect.stringContaining("Le mot de passe doit contenir au moins 8 caractères."),
    );
  });
});
