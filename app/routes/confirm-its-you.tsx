import { data, redirect } from "react-router";
import { ConfirmItsYouForm } from "~/components/confirm-its-you-form";
import { PageHero } from "~/components/page-hero";
import { PasskeyConfirmButton } from "~/components/passkey-buttons";
import { StaticNotice, type ToastMessage } from "~/components/toaster";
import { TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { confirmItsYou } from "~/server/confirm-its-you.server";
import { failureInit, readForm } from "~/server/form-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { sessionContext } from "~/server/request-context.server";
import { secondFactorsOf } from "~/server/second-factors.server";
import { findSignedInUser } from "~/server/users.server";
import type { Route } from "./+types/confirm-its-you";

// /confirm-its-you?next=…: "Confirm it's you" on its own page. For what starts with a link (the audit log's
// CSV export), the page confirms and the browser goes on to `next`, a path of this site. For an action the
// dashboard interrupted (`resume`, the intent, and its `id`), the form posts to `next` itself, whose action
// confirms and carries the intent on: the dashboard keeps none of this page's code in its bundle.

/** A path of ours (with its query), never another origin. */
function safeNext(raw: string | null | undefined): string {
  return raw && /^\/(?![/\\])[\x21-\x7e]{0,500}$/.test(raw) ? raw : "/account";
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm it's you",
    description: "Confirm it's you before going on.",
    path: "/confirm-its-you",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

/** The interrupted intent and the id it acts on, as the dashboard sent them. */
function interrupted(query: URLSearchParams): { intent: string; carry: Record<string, string> } | null {
  const intent = query.get("resume") ?? "";
  const id = query.get("id") ?? "";
  if (!/^[a-z-]{1,40}$/.test(intent)) return null;
  return { intent, carry: /^\d{1,16}$/.test(id) ? { id } : {} };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const next = safeNext(query.get("next"));
  const session = context.get(sessionContext);
  const deps = depsOf(context);
  const me = session ? await findSignedInUser(deps.db, session) : null;
  if (!me) throw redirect("/login");
  const factors = await secondFactorsOf(deps.db, me.id);
  return {
    next,
    resume: interrupted(query),
    failed: query.get("failed") === "1",
    withCode: me.hasSecondFactor,
    withPasskey: factors.passkeys > 0,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await confirmItsYou(depsOf(context), callerOf(context, request), form);
  if (outcome.kind === "done") throw redirect(safeNext(form.next));
  if (outcome.kind === "unauthenticated" && !outcome.message) throw redirect("/login");
  const notice: ToastMessage =
    outcome.kind === "rate-limited"
      ? TOO_MANY_ATTEMPTS
      : {
          title: "Error",
          description:
            outcome.kind === "unauthenticated" && outcome.message
              ? outcome.message
              : "Please check the fields below.",
          variant: "destructive",
        };
  const fieldErrors: FieldErrors | undefined = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
  return data({ notice, fieldErrors }, failureInit(outcome));
}

const NOT_CONFIRMED: ToastMessage = {
  title: "Error",
  description: "That did not confirm it's you. Check your password and code, and try again.",
  variant: "destructive",
};

export default function ConfirmItsYouPage({ loaderData, actionData }: Route.ComponentProps) {
  const { next, resume, withCode, withPasskey } = loaderData;
  return (
    <>
      <PageHero title="Confirm it's you" lead="One more check before you go on." />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-12 sm:px-6">
        <StaticNotice message={actionData?.notice ?? (loaderData.failed ? NOT_CONFIRMED : null)} />
        {resume ? (
          <ConfirmItsYouForm action={next} resume={resume.intent} carry={resume.carry} withCode={withCode}>
            {withPasskey ? (
              <PasskeyConfirmButton action={next} resume={resume.intent} carry={resume.carry} />
            ) : null}
          </ConfirmItsYouForm>
        ) : (
          <ConfirmItsYouForm carry={{ next }} withCode={withCode} fieldErrors={actionData?.fieldErrors}>
            {withPasskey ? <PasskeyConfirmButton carry={{}} next={next} /> : null}
          </ConfirmItsYouForm>
        )}
      </div>
    </>
  );
}
