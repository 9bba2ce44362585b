import { data, Link, redirect } from "react-router";
import { StaticNotice } from "~/components/static-notice";
import { useToast } from "~/components/toaster";
import { FactList } from "~/components/workbench/fact-list";
import { NoteForm } from "~/components/workbench/note-form";
import { PageState } from "~/components/workbench/page-state";
import { PersonTimeline } from "~/components/workbench/person-timeline";
import { userTypeLabel } from "~/content/user-types";
import { dashboardHref } from "~/lib/admin-tabs";
import { formatDateTime } from "~/lib/format-date";
import { pageMeta } from "~/lib/seo";
import { PERSON_PAGE } from "~/lib/workbench";
import { parseId } from "~/server/admin/admin-actions.server";
import { personTimeline } from "~/server/admin/person-timeline.server";
import { pageAction } from "~/server/http/page-door.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import type { Route } from "./+types/person";
import { PERSON_INTENTS, workbenchDoor } from "./workbench-intents.server";

// /admin/person?id=7: one person's account and one timeline of their messages (by address), the replies to
// them, the notes on them and their messages, their registration, approval and account events; and a
// note form. Inside the admin layout, whose middleware has checked the caller.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Person",
    description: "A person's account and timeline.",
    path: PERSON_PAGE,
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  adminOf(context);
  const raw = new URL(request.url).searchParams.get("id");
  if (raw === null) throw redirect(dashboardHref("users"));
  const id = parseId(raw);
  if (id === null) {
    return data({ kind: "refused" as const, says: "The person id must be a positive whole number." }, 400);
  }
  const timeline = await personTimeline(depsOf(context).db, id);
  if (!timeline) return data({ kind: "refused" as const, says: "There is no such person." }, 404);
  return { kind: "found" as const, ...timeline };
}

const answer = pageAction(workbenchDoor(PERSON_INTENTS, PERSON_PAGE));

export async function action(args: Route.ActionArgs) {
  adminOf(args.context);
  return answer(args);
}

type Person = Extract<Route.ComponentProps["loaderData"], { kind: "found" }>["person"];

function standing(person: Person): string {
  if (person.rejectedAt) return "Rejected";
  if (!person.isApproved) return "Waiting for approval";
  return person.isActive ? "Approved" : "Deactivated";
}

export default function PersonPage({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  if (loaderData.kind !== "found") return <PageState says={loaderData.says} />;
  const { person, items } = loaderData;
  const rows: [string, string][] = [
    ["Email", person.email],
    ["Company", person.company ?? "N/A"],
    ["Phone", person.phone ?? "N/A"],
    ["Area of interest", userTypeLabel(person.userTypeId)],
    ["Registered", formatDateTime(person.createdAt)],
  ];
  return (
    <article className="mt-4 max-w-4xl">
      <StaticNotice message={actionData?.toast} />
      <Link
        to={dashboardHref(person.isApproved ? "users" : "pending")}
        className="text-sm text-brand underline"
      >
        Back to the list
      </Link>
      <h2 className="mt-2 text-lg font-bold">
        {person.firstName} {person.lastName}
      </h2>
      <p className="mt-1 text-sm">
        <span className="rounded-full bg-surface-muted px-2 py-0.5 font-semibold">{standing(person)}</span>
      </p>
      <FactList rows={rows} />

      <section aria-labelledby="note-title" className="mt-6">
        <h3 id="note-title" className="font-bold">
          Notes
        </h3>
        <NoteForm
          subjectId={person.id}
          written={items.length}
          failed={actionData?.intent === "note" ? actionData : undefined}
        />
      </section>

      <section aria-labelledby="timeline-title" className="mt-6">
        <h3 id="timeline-title" className="font-bold">
          Timeline
        </h3>
        <PersonTimeline items={items} />
      </section>
    </article>
  );
}
