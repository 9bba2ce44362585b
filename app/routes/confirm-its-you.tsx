import { data, redirect } from "react-router";
import { ConfirmItsYouForm } from "~/components/confirm-its-you-form";
import { PageHero } from "~/components/page-hero";
import { PasskeyConfirmButton } from "~/components/passkey-buttons";
import { StaticNotice, type ToastMessage } from "~/components/toaster";
import { TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import type { RouteHandle } from "~/lib/route-handle";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { confirmItsYou } from "~/server/confirm-its-you.server";
import { failureInit, readForm } from "~/server/form-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { sessionContext } from "~/server/request-context.server";
import { secondFactorsOf } from "~/server/second-factors.server";
import { findSignedInUser } from "~/server/users.server";
import type { Route } from "./+types/confirm-its-you";

export const handle = { hydrate: true } satisfies RouteHandle;

// /confirm-its-you?next=…: "Confirm it's you" on its own page, for what starts with a link rather than a
// form (the audit log's CSV export). Once confirmed, the browser goes on to `next`, a path of this site.

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const session = context.get(sessionContext);
  const deps = depsOf(context);
  const me = session ? await findSignedInUser(deps.db, session) : null;
  if (!me) throw redirect("/login");
  const factors = await secondFactorsOf(deps.db, me.id);
  return { next, withCode: me.hasSecondFactor, withPasskey: factors.passkeys > 0 };
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

export default function ConfirmItsYouPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Confirm it's you" lead="One more check before you go on." />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-12 sm:px-6">
        <StaticNotice message={actionData?.notice} />
        <ConfirmItsYouForm
          carry={{ next: loaderData.next }}
          withCode={loaderData.withCode}
          fieldErrors={actionData?.fieldErrors}
        >
          {loaderData.withPasskey ? <PasskeyConfirmButton carry={{}} next={loaderData.next} /> : null}
        </ConfirmItsYouForm>
      </div>
    </>
  );
}
