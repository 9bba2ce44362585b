import type { ToastMessage } from "~/components/toaster";
import type { FieldErrors } from "~/lib/schemas";

// What the login page's action answers, shared by the route (app/routes/login.tsx) and its forms.

export type LoginTab = "login" | "register";

export interface LoginActionResult {
  tab: LoginTab;
  toast?: ToastMessage;
  /** A correct password on an account with a second factor: the ticket of the code step. */
  secondStep?: { ticket: string };
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** Changes after a successful registration, so the form remounts empty. */
  resetKey?: number;
}

/** How the login island sends one of its forms once it is valid (app/components/login/login-panel.tsx). */
export type SendForm = (form: HTMLFormElement, submitter: HTMLElement | null) => void;
