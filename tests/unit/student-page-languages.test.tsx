import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AirCodeEntry } from "@/components/checkin/air-code-entry";
import { NotificationSettings } from "@/components/reach/notification-settings";
import { snackbar } from "@/components/ui/snackbar";
import type { AppLocale } from "@/lib/i18n/locales";
import type { NotificationPreferences } from "@/lib/reach/preferences";
import { IntlWrapper } from "../helpers/intl-wrapper";

/**
 * The student's page in French (Canada) and Spanish: checking in with a code (the server's answer said
 * again in the page's language) and the Notifications panel (this device, the kinds and their switches).
 */
jest.mock("@/components/ui/snackbar", () => ({ snackbar: jest.fn(), Toaster: () => null }));
jest.mock("@/components/checkin/use-self-check-in-open", () => ({ useSelfCheckInOpen: () => true }));
const post = jest.fn();
const put = jest.fn();
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: (path: string, body: unknown) => post(path, body),
  apiPut: (path: string, body: unknown) => put(path, body),
  fetcher: async () => mockPreferences,
}));
const turnOn = jest.fn();
jest.mock("@/lib/pwa/push.client", () => ({
  ...jest.requireActual("@/lib/pwa/push.client"),
  pushState: async () => "off",
  turnOnPush: () => turnOn(),
}));
const toast = snackbar as unknown as jest.Mock;

const mockPreferences: NotificationPreferences = {
  email: { reminders: true, changes: true, digest: false },
  push: { reminders: true, changes: true, digest: false },
  mandatory: ["changes"],
  email_address: "rosa@students.example",
  email_configured: true,
  devices: 0,
};

function renderIn(locale: AppLocale, ui: ReactNode) {
  return render(
    <IntlWrapper locale={locale}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </IntlWrapper>,
  );
}

beforeEach(() => {
  post.mockReset();
  put.mockReset();
  turnOn.mockReset();
  toast.mockClear();
});

describe("checking in with a code", () => {
  it("asks for the code and says an earlier check-in in French, at the time as Quebec writes it", async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({
      status: "already_checked_in",
      message: "You were already checked in for today's Focus Block at 1:23 PM.",
      time: "1:23 PM",
      teacher: { name: "Ruiz, Ana" },
    });
    renderIn("fr-CA", <AirCodeEntry />);
    expect(screen.getByRole("heading", { name: "Confirmer ta présence avec un code" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(screen.getByText("Entre le code qu’affiche ton enseignant·e.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code affiché à l’écran de ton enseignant·e"), "acd479");
    await user.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(
      await screen.findByText("Ta présence au bloc Focus d’aujourd’hui était déjà confirmée à 13 h 23."),
    ).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith("/api/check-in/air", { code: "ACD479" });
  });

  it("says a check-in in Spanish with the teacher's name as the school wrote it", async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({
      status: "checked_in",
      message: "You're checked in to Ruiz, Ana's Focus Block.",
      time: "9:05 AM",
      teacher: { name: "Ruiz, Ana" },
    });
    renderIn("es", <AirCodeEntry />);
    expect(screen.getByText("6 letras y dígitos, p. ej., ACD 479")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Código de la pantalla de tu docente"), "ACD479");
    await user.click(screen.getByRole("button", { name: "Registrar" }));
    expect(
      await screen.findByText("Quedó registrada tu asistencia al bloque Focus de Ruiz, Ana."),
    ).toBeInTheDocument();
  });

  it("keeps the server's own words in English", async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({
      status: "checked_in",
      message: "You're checked in to Ruiz, Ana's Focus Block.",
      time: "9:05 AM",
      teacher: { name: "Ruiz, Ana" },
    });
    renderIn("en", <AirCodeEntry />);
    await user.type(screen.getByLabelText("Code from your teacher's screen"), "ACD479");
    await user.click(screen.getByRole("button", { name: "Check in" }));
    expect(await screen.findByText("You're checked in to Ruiz, Ana's Focus Block.")).toBeInTheDocument();
  });
});

describe("the Notifications panel", () => {
  it("speaks French: this device, each kind with its switches, a locked kind, and the saved switch", async () => {
    const user = userEvent.setup();
    put.mockResolvedValue({ ...mockPreferences, email: { ...mockPreferences.email, reminders: false } });
    renderIn("fr-CA", <NotificationSettings />);
    expect(screen.getByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Cet appareil" })).toBeInTheDocument();
    expect(
      await screen.findByText(/^Les notifications sont désactivées sur cet appareil\./),
    ).toBeInTheDocument();
    expect(await screen.findByText("rosa@students.example")).toBeInTheDocument();
    expect(screen.getByText("rosa@students.example").parentElement).toHaveTextContent(
      "Les courriels sont envoyés à rosa@students.example.",
    );
    const changes = screen.getByRole("group", {
      name: "Quand quelqu’un modifie mon bloc Focus, et pourquoi",
    });
    expect(within(changes).getByRole("switch", { name: "Courriel" })).toHaveAccessibleDescription(
      "Activé et verrouillé par votre école.",
    );
    const reminders = screen.getByRole("group", { name: "Rappels pour choisir un·e enseignant·e" });
    await user.click(within(reminders).getByRole("switch", { name: "Courriel" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith("Courriel : Rappels pour choisir un·e enseignant·e — désactivé.", {
        tone: "success",
      }),
    );
  });

  it("speaks Spanish, and says in Spanish why the browser refused push", async () => {
    const user = userEvent.setup();
    const { PushSetupError, PUSH_MESSAGES } = jest.requireActual("@/lib/pwa/push.client");
    turnOn.mockRejectedValue(new PushSetupError(PUSH_MESSAGES.dismissed));
    renderIn("es", <NotificationSettings />);
    expect(screen.getByRole("heading", { name: "Notificaciones" })).toBeInTheDocument();
    const digest = await screen.findByRole("group", { name: "Lista de la mañana y resúmenes semanales" });
    expect(within(digest).getByRole("switch", { name: "Notificación push" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await user.click(await screen.findByRole("button", { name: "Avisarme en este dispositivo" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No se permitieron las notificaciones. Elige Permitir cuando tu navegador pregunte.",
    );
  });
});
