import { data, redirect, useActionData } from "react-router";
import { Island } from "~/components/island";
import { LoginPanel } from "~/components/login/login-panel";
import type { LoginActionResult, LoginTab } from "~/components/login/login-result";
import { PageHero } from "~/components/page-hero";
import type { ToastMessage } from "~/components/toaster";
import { LOGIN_FAILED_MESSAGE, SECURITY_PATH, SIGN_IN_EXPIRED_MESSAGE } from "~/lib/account-messages";
import type { LoginIntent } from "~/lib/page-intents";
import { pageMeta } from "~/lib/seo";
import { nextPath } from "~/lib/sign-in-paths";
import {
  clearSignInTicketCookie,
  flashCookie,
  readSignInTicketCookie,
  sessionCookie,
  signInTicketCookie,
} from "~/server/http/cookies.server";
import { type IntentsNamed, intent, pageAction } from "~/server/http/page-door.server";
import { sessionContext } from "~/server/http/request-context.server";
import {
  completeSignIn,
  landingPathFor,
  logIn,
  register,
  type SignIn,
} from "~/server/sign-in/accounts.server";
import type { Route } from "./+types/login";

const TOASTS = {
  loginFailed: { title: "Login Failed", description: LOGIN_FAILED_MESSAGE, variant: "destructive" },
  registrationFailed: {
    title: "Registration Failed",
    description: "Please check your information and try again.",
    variant: "destructive",
  },
  registered: {
    title: "Registration Successful",
    description: "Your account has been created. Please wait for admin approval before you can log in.",
  },
} satisfies Record<string, ToastMessage>;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Login or register",
    description: "Sign in to FACETS, or register an account for admin approval.",
    path: "/login",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

/** Where to go after signing in when the person was sent here from a page (`?next=`): a path of ours only. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = nextPath(url.searchParams.get("next"));
  const session = context.get(sessionContext);
  if (session) throw redirect(next ?? landingPathFor(session));
  const tab: LoginTab = url.searchParams.get("tab") === "register" ? "register" : "login";
  return { tab, next };
}

/** Each intent the page's forms post, declared once; any other intent, or none, is a sign-in. */
const INTENTS = {
  /** The code step after a correct password (app/components/login/second-step-form.tsx). */
  "second-factor": intent<LoginActionResult, SignIn & { next: string | null }>({
    run: ({ deps, caller, form, request }) =>
      completeSignIn(deps, caller, form, readSignInTicketCookie(request)),
    done: (signIn, { request, form }) =>
      signIn.kind === "signed-in"
        ? signedIn(request, signIn, signIn.next)
        : data<LoginActionResult>(
            { tab: "login", toast: TOASTS.loginFailed, secondStep: { ticket: form.ticket ?? "" } },
            { status: 401 },
          ),
    says: {
      // An expired ticket starts the sign-in again.
      unauthenticated: ({ message }) =>
        message === undefined ? undefined : { ...TOASTS.loginFailed, description: SIGN_IN_EXPIRED_MESSAGE },
      otherwise: TOASTS.loginFailed,
    },
  }),
  /** Email and password (app/components/login/login-form.tsx). */
  login: intent<LoginActionResult, SignIn>({
    run: ({ deps, caller, form }) => logIn(deps, caller, form, { ticket: { next: nextPath(form.next) } }),
    done: (signIn, { request, form }) => {
      if (signIn.kind === "signed-in") return signedIn(request, signIn, nextPath(form.next));
      // The ticket works only with this cookie: only this browser finishes the sign-in.
      const headers = signIn.binding
        ? { "Set-Cookie": signInTicketCookie(request, signIn.binding) }
        : undefined;
      return data<LoginActionResult>(
        { tab: "login", secondStep: { ticket: signIn.ticket ?? "" } },
        { headers },
      );
    },
    says: { otherwise: TOASTS.loginFailed },
    keep: (form) => ({ email: form.email ?? "" }),
  }),
  /**
   * A new account that waits for approval (app/components/login/register-form.tsx). An address that
   * already has an account gets the same answer; its owner is emailed instead.
   */
  register: intent<LoginActionResult, unknown>({
    run: ({ deps, caller, form }) => register(deps, caller, form),
    done: () =>
      data<LoginActionResult>(
        { tab: "register", toast: TOASTS.registered, resetKey: Date.now() },
        { status: 201 },
      ),
    says: { otherwise: TOASTS.registrationFailed },
    keep: ({ password: _p, confirmPassword: _c, ...echo }) => echo,
  }),
} satisfies IntentsNamed<LoginIntent, LoginActionResult>;

export const action = pageAction<LoginActionResult>({
  intents: INTENTS,
  fallback: "login",
  page: "/login",
  failed: ({ outcome, notice, intent, values, call }) => {
    // A wrong code keeps the step (its ticket still works); an expired ticket starts the sign-in again.
    const expired = outcome.kind === "unauthenticated" && outcome.message !== undefined;
    return {
      tab: intent === "register" ? "register" : "login",
      toast: notice,
      // The code step shows its notice alone.
      fieldErrors: outcome.kind === "invalid" && intent !== "second-factor" ? outcome.fieldErrors : undefined,
      values,
      secondStep: intent === "second-factor" && !expired ? { ticket: call.form.ticket ?? "" } : undefined,
    };
  },
});

/** The welcome and the session cookie, then where the person was going (or their landing page). */
function signedIn(request: Request, signIn: Extract<SignIn, { kind: "signed-in" }>, next: string | null) {
  const welcome = { title: "Login Successful", description: `Welcome back, ${signIn.user.firstName}!` };
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, signIn.token));
  headers.append("Set-Cookie", flashCookie(request, welcome));
  if (readSignInTicketCookie(request) !== null)
    headers.append("Set-Cookie", clearSignInTicketCookie(request));
  const landing = landingPathFor({ ...signIn.user, hasSecondFactor: signIn.secondFactor });
  // An administrator without a second factor goes to its enrolment, wherever they were going.
  return redirect(landing === SECURITY_PATH ? landing : (nextPath(next) ?? landing), { headers });
}

/** An island page (app/lib/islands.ts): the tabs and forms hydrate on a person's first interaction. */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHero
        title="Welcome to FACETS"
        lead="Sign in to your account, or register and wait for an administrator to approve it."
      />
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <Island
          name="login"
          component={LoginPanel}
          props={{ tab: loaderData.tab, next: loaderData.next, result }}
        />
      </div>
    </>
  );
}
