import type { Messages } from "./catalogues";
import type { AppLocale } from "./locales";

// next-intl checks every key and locale against the English catalogue at compile time.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: Messages;
  }
}
