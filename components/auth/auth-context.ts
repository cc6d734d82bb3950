"use client";

import { createContext } from "react";
import type { AppSettings, CurrentUser, SignOutReason } from "./types";

export type AuthStatus = "loading" | "signed-out" | "signed-in";

export interface AuthState {
  status: AuthStatus;
  /** GET /api/user; null unless signed in. */
  user: CurrentUser | null;
  /** GET /api/settings; null unless signed in. */
  settings: AppSettings | null;
  /** Why the user was last signed out (the login banner), if not by choice. */
  signOutReason: SignOutReason | null;
  /** Settings failed to load at the last sign-in (the login screen's flag). */
  settingsFailed: boolean;
  /** POST /api/login, keep the token, load the user and settings. Throws ApiClientError on failure. */
  signIn: (username: string, password: string) => Promise<CurrentUser | null>;
  /** Keep a token obtained elsewhere (single sign-on) and load the user and settings. */
  acceptToken: (token: string) => Promise<CurrentUser | null>;
  /** End the session on the server and on this device, and go to the login screen. */
  signOut: (reason?: SignOutReason) => Promise<void>;
  /** Reload the user and settings quietly (after a change that affects them). */
  refresh: () => Promise<void>;
  /** Replace the settings (after PUT /api/settings answered with the new ones). */
  setSettings: (settings: AppSettings) => void;
}

export const AuthContext = createContext<AuthState | null>(null);
