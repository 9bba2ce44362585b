import { type KeyboardEvent, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { PageHero } from "~/components/page-hero";
import { PasskeySignInButton } from "~/components/passkey-buttons";
import {
  AreaOfInterestField,
  EmailField,
  NameFields,
  NewPasswordFields,
  OrganisationFields,
} from "~/components/person-fields";
import { StaticNotice, type ToastMessage, useToast } from "~/components/toaster";
import { HoneypotField, PrivacyLine, SubmitButton, TextField } from "~/components/ui/form-field";
import {
  LOGIN_FAILED_MESSAGE,
  SECURITY_PATH,
  SIGN_IN_EXPIRED_MESSAGE,
  TOO_MANY_ATTEMPTS,
} from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { nextPath } from "~/lib/sign-in-paths";
import { useFormValidation } from "~/lib/use-form-validation";
import {
  clearSignInTicketCookie,
  flashCookie,
  readSignInTicketCookie,
  sessionCookie,
  signInTicketCookie,
} from "~/server/http/cookies.server";
import { failureInit, readForm } from "~/server/http/form-door.server";
import { sessionContext } from "~/server/http/request-context.server";
import {
  completeSignIn,
  landingPathFor,
  logIn,
  register,
  type SignIn,
} from "~/server/identity/accounts.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/login";

type Tab = "login" | "register";

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
  tooMany: TOO_MANY_ATTEMPTS,
} satisfies Record<string, ToastMessage>;

interface ActionResult {
  tab: Tab;
  toast?: ToastMessage;
  /** A correct password on an account with a second factor: the ticket of the code step. */
  secondStep?: { ticket: string };
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** Changes after a successful registration, so the form remounts empty. */
  resetKey?: number;
}

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
  const tab: Tab = url.searchParams.get("tab") === "register" ? "register" : "login";
  return { tab, next };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const deps = depsOf(context);
  const caller = callerOf(context, request);

  if (form.intent === "second-factor") {
    const outcome = await completeSignIn(deps, form, caller, readSignInTicketCookie(request));
    if (outcome.kind === "done" && outcome.value.kind === "signed-in") {
      return signedIn(request, outcome.value, outcome.value.next);
    }
    // A wrong code keeps the step (its ticket still works); an expired ticket starts the sign-in again.
    const expired = outcome.kind === "unauthenticated" && outcome.message !== undefined;
    return data<ActionResult>(
      {
        tab: "login",
        toast:
          outcome.kind === "rate-limited"
            ? TOASTS.tooMany
            : expired
              ? { ...TOASTS.loginFailed, description: SIGN_IN_EXPIRED_MESSAGE }
              : TOASTS.loginFailed,
        secondStep: expired ? undefined : { ticket: form.ticket ?? "" },
      },
      outcome.kind === "done" ? { status: 401 } : failureInit(outcome),
    );
  }

  if (form.intent !== "register") {
    const next = nextPath(form.next);
    const outcome = await logIn(deps, form, caller, { ticket: { next } });
    if (outcome.kind === "done") {
      const signIn = outcome.value;
      if (signIn.kind === "signed-in") return signedIn(request, signIn, next);
      // The ticket works only with this cookie: only this browser finishes the sign-in.
      const headers = signIn.binding
        ? { "Set-Cookie": signInTicketCookie(request, signIn.binding) }
        : undefined;
      return data<ActionResult>({ tab: "login", secondStep: { ticket: signIn.ticket ?? "" } }, { headers });
    }
    return data<ActionResult>(
      {
        tab: "login",
        toast: outcome.kind === "rate-limited" ? TOASTS.tooMany : TOASTS.loginFailed,
        fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
        values: { email: form.email ?? "" },
      },
      failureInit(outcome),
    );
  }

  const outcome = await register(deps, form, caller);
  if (outcome.kind === "done") {
    return data<ActionResult>(
      { tab: "register", toast: TOASTS.registered, resetKey: Date.now() },
      { status: 201 },
    );
  }
  const { password: _p, confirmPassword: _c, ...echo } = form;
  return data<ActionResult>(
    {
      tab: "register",
      toast: outcome.kind === "rate-limited" ? TOASTS.tooMany : TOASTS.registrationFailed,
      fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
      values: echo,
    },
    // A taken email answers like any other failure here, so the form does not reveal who is registered.
    outcome.kind === "conflict" ? { status: 400 } : failureInit(outcome),
  );
}

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

const loadLoginSchema = () => import("~/lib/schemas").then((module) => module.loginSchema);
const loadRegistrationSchema = () => import("~/lib/schemas").then((module) => module.registrationSchema);

function LoginForm({
  result,
  busy,
  next,
}: {
  result: ActionResult | undefined;
  busy: boolean;
  next: string | null;
}) {
  const { errors, formProps } = useFormValidation(loadLoginSchema, result?.fieldErrors);
  return (
    <Form method="post" {...formProps} className="space-y-5" aria-label="Login">
      <input type="hidden" name="intent" value="login" />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <TextField
        id="login-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email}
        error={errors.email}
      />
      <TextField
        id="login-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SubmitButton busy={busy} busyLabel="Signing in...">
          Login
        </SubmitButton>
        {/* A document load: the account pages ship no JavaScript and answer their forms as plain HTML. */}
        <Link to="/forgot-password" reloadDocument className="font-semibold text-brand underline">
          Forgot password?
        </Link>
      </div>
      <PasskeySignInButton next={next} />
    </Form>
  );
}

function SecondStepForm({ ticket, busy }: { ticket: string; busy: boolean }) {
  return (
    <Form method="post" className="space-y-5" aria-label="Second step">
      <input type="hidden" name="intent" value="second-factor" />
      <input type="hidden" name="ticket" value={ticket} />
      <p>Your password is right. This account also has a second factor.</p>
      <TextField
        id="login-code"
        name="code"
        label="The code from your authenticator app or a recovery code"
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <SubmitButton busy={busy} busyLabel="Checking...">
        Verify
      </SubmitButton>
      <p className="text-sm text-ink-muted">
        No code?{" "}
        <Link to="/login" reloadDocument className="font-semibold text-brand underline">
          Start again
        </Link>
        , or ask an administrator to reset your second factors.
      </p>
    </Form>
  );
}

function RegisterForm({ result, busy }: { result: ActionResult | undefined; busy: boolean }) {
  const { errors, formProps } = useFormValidation(loadRegistrationSchema, result?.fieldErrors);
  const values = result?.values ?? {};
  return (
    <Form method="post" {...formProps} className="relative grid gap-5 sm:grid-cols-2" aria-label="Register">
      <input type="hidden" name="intent" value="register" />
      <HoneypotField />
      <div className="sm:col-span-2">
        <EmailField idPrefix="register" values={values} errors={errors} />
      </div>
      <NewPasswordFields idPrefix="register" errors={errors} />
      <NameFields idPrefix="register" values={values} errors={errors} />
      <OrganisationFields idPrefix="register" values={values} errors={errors} />
      <div className="sm:col-span-2">
        <AreaOfInterestField idPrefix="register" values={values} errors={errors} />
      </div>
      <div className="space-y-4 sm:col-span-2">
        <PrivacyLine />
        <SubmitButton busy={busy} busyLabel="Registering...">
          Register
        </SubmitButton>
      </div>
    </Form>
  );
}

const TABS: { id: Tab; label: string }[] = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
];

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const tab = result?.tab ?? loaderData.tab;
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const tabRefs = useRef<Record<Tab, HTMLAnchorElement | null>>({ login: null, register: null });
  useToast(result?.toast);

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === "Home"
        ? "login"
        : event.key === "End"
          ? "register"
          : tab === "login"
            ? "register"
            : "login";
    tabRefs.current[next]?.focus();
    tabRefs.current[next]?.click();
  }

  return (
    <>
      <PageHero
        title="Welcome to FACETS"
        lead="Sign in to your account, or register and wait for an administrator to approve it."
      />
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <StaticNotice message={result?.toast} />
        <div
          role="tablist"
          aria-label="Login or register"
          className="mt-6 flex rounded-full bg-surface-muted p-1"
          onKeyDown={onTabKeyDown}
        >
          {TABS.map(({ id, label }) => (
            <Link
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element;
              }}
              id={`tab-${id}`}
              role="tab"
              to={id === "login" ? "/login" : "/login?tab=register"}
              replace
              preventScrollReset
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              className={`flex-1 rounded-full px-4 py-2.5 text-center font-semibold ${tab === id ? "bg-surface text-brand-strong shadow" : "text-ink-muted hover:text-ink"}`}
            >
              {label}
            </Link>
          ))}
        </div>
        <div
          id={`panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab}`}
          className="mt-8 rounded-2xl border border-line p-6 shadow-sm sm:p-8"
        >
          {tab === "login" && result?.secondStep ? (
            <SecondStepForm ticket={result.secondStep.ticket} busy={busyIntent === "second-factor"} />
          ) : tab === "login" ? (
            <LoginForm
              result={result?.tab === "login" ? result : undefined}
              busy={busyIntent === "login"}
              next={loaderData.next}
            />
          ) : (
            <RegisterForm
              key={result?.resetKey ?? 0}
              result={result?.tab === "register" ? result : undefined}
              busy={busyIntent === "register"}
            />
          )}
        </div>
      </div>
    </>
  );
}
