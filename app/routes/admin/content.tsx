import { data, Form, Link } from "react-router";
import { DocumentFields } from "~/components/content-editor";
import { StaticNotice } from "~/components/static-notice";
import { useToast } from "~/components/toaster";
import type { Fields } from "~/lib/content-kinds/fields";
import { contentKindOf } from "~/lib/content-kinds/index";
import { formatDateTime } from "~/lib/format-date";
import { pageMeta } from "~/lib/seo";
import { pageAction } from "~/server/http/page-door.server";
import { adminOf } from "~/server/http/request-context.server";
import { depsOf } from "~/server/operation.server";
import {
  contentDocument,
  contentDocuments,
  contentVersions,
} from "~/server/publishing/content-publishing.server";
import type { Route } from "./+types/content";
import { type ContentIntent, contentDoor } from "./content-intents.server";

// /admin/content: the documents staff publish (decision 167), and ?doc=<name> for one: its draft in a form
// drawn from its kind's fields, publishing now or at a time, a preview link, what is scheduled and the
// history with a rollback for each earlier version. Every action is a form, so it all works without
// JavaScript. Inside the admin layout, whose middleware has checked the caller.

const PAGE = "/admin/content";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Content",
    description: "Edit, preview, publish and roll back the site's content.",
    path: PAGE,
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  adminOf(context);
  const deps = depsOf(context);
  const name = new URL(request.url).searchParams.get("doc");
  if (name === null) return { kind: "list" as const, documents: await contentDocuments(deps) };
  const document = await contentDocument(deps, name);
  const kind = contentKindOf(name);
  if (!document || !kind) return data({ kind: "missing" as const }, 404);
  // The form is drawn from the kind's fields, sent as data: the browser loads no schema and no seed.
  const fields: Fields = kind.fields;
  return { kind: "document" as const, document, fields, versions: (await contentVersions(deps, name)) ?? [] };
}

const answer = pageAction(contentDoor);

export async function action(args: Route.ActionArgs) {
  adminOf(args.context);
  return answer(args);
}

const button =
  "rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand";
const quiet =
  "rounded-lg border border-line bg-surface px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-brand";

type Loaded = Route.ComponentProps["loaderData"];

/** A table's column headings. */
function HeaderRow({ cells }: { cells: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-line">
        {cells.map((cell) => (
          <th key={cell} scope="col" className="py-2 pr-4">
            {cell}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A short fingerprint of the form's values: a new one remounts the form, so it shows what came back. */
function formKey(values: unknown): string {
  let hash = 0;
  for (const char of JSON.stringify(values)) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return hash.toString(36);
}
type DocumentView = Extract<Loaded, { kind: "document" }>;

function DocumentList({ documents }: Extract<Loaded, { kind: "list" }>) {
  return (
    <section aria-labelledby="content-heading" className="mt-6">
      <h2 id="content-heading" className="text-lg font-bold">
        Content
      </h2>
      <p className="mt-1 text-ink-muted">
        What visitors read on these pages. Save a draft, preview it, then publish it now or at a time.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <HeaderRow cells={["Document", "Page", "Draft", "Published", "Scheduled"]} />
          <tbody>
            {documents.map((document) => (
              <tr key={document.name} className="border-b border-line">
                <th scope="row" className="py-2 pr-4">
                  <Link to={`${PAGE}?doc=${document.name}`} className="text-brand underline">
                    {document.title}
                  </Link>
                </th>
                <td className="py-2 pr-4">{document.path}</td>
                <td className="py-2 pr-4">Revision {document.revision}</td>
                <td className="py-2 pr-4">
                  {document.publishedVersion === null
                    ? "Not published"
                    : `Version ${document.publishedVersion}`}
                </td>
                <td className="py-2">
                  {document.scheduledAt ? formatDateTime(document.scheduledAt) : "Nothing"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One form button with its hidden fields, posting an intent of this page. */
function IntentButton({
  intent,
  fields,
  label,
  className = quiet,
}: {
  intent: ContentIntent;
  fields: Record<string, string | number>;
  label: string;
  className?: string;
}) {
  return (
    <Form method="post" preventScrollReset className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className}>
        {label}
      </button>
    </Form>
  );
}

function History({ document, versions }: Pick<DocumentView, "document" | "versions">) {
  const live = document.published?.version;
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h3 id="history-heading" className="text-lg font-bold">
        History
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <HeaderRow cells={["Version", "Public from", "By", "Note", "Action"]} />
          <tbody>
            {versions.map((version) => {
              const scheduled = !version.cancelled && Date.parse(version.at) > Date.now();
              const note = [
                version.version === live ? "Public now" : "",
                scheduled ? "Scheduled" : "",
                version.cancelled ? "Cancelled" : "",
                version.restores ? `Puts back version ${version.restores}` : "",
                `revision ${version.revision}`,
              ].filter(Boolean);
              const fields = { doc: document.name, version: version.version };
              return (
                <tr key={version.version} className="border-b border-line">
                  <th scope="row" className="py-2 pr-4">
                    {version.version}
                  </th>
                  <td className="py-2 pr-4">{formatDateTime(version.at)}</td>
                  <td className="py-2 pr-4">{version.by ?? "The spec (seed)"}</td>
                  <td className="py-2 pr-4">{note.join(", ")}</td>
                  <td className="py-2">
                    {scheduled ? (
                      <IntentButton
                        intent="cancel-content"
                        fields={fields}
                        label={`Cancel version ${version.version}`}
                      />
                    ) : !version.cancelled && version.version !== live ? (
                      <IntentButton
                        intent="roll-back-content"
                        fields={fields}
                        label={`Roll back to version ${version.version}`}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function DocumentPage({
  document,
  fields,
  versions,
  answer,
}: DocumentView & { answer: Route.ComponentProps["actionData"] }) {
  const values = answer?.draft ?? document.data;
  const errors = answer?.fieldErrors ?? {};
  const liveRevision = versions.find((version) => version.version === document.published?.version)?.revision;
  return (
    <section aria-labelledby="document-heading" className="mt-6">
      <p>
        <Link to={PAGE} className="text-brand underline">
          All content
        </Link>
      </p>
      <h2 id="document-heading" className="mt-2 text-lg font-bold">
        {document.title}
      </h2>
      <p className="mt-1 text-ink-muted">
        Shown on{" "}
        <a href={document.path} className="text-brand underline">
          {document.path}
        </a>
        . Draft: revision {document.revision}, saved {formatDateTime(document.savedAt)} by{" "}
        {document.savedBy ?? "the spec (seed)"}.{" "}
        {document.published
          ? `Public: version ${document.published.version} (revision ${liveRevision ?? "?"}) since ${formatDateTime(document.published.at)}.`
          : "Nothing is public yet."}
        {liveRevision !== undefined && liveRevision !== document.revision
          ? " The draft has changes visitors do not see yet."
          : ""}
      </p>

      <Form
        method="post"
        preventScrollReset
        key={`${document.revision}-${formKey(values)}`}
        className="mt-4"
        aria-label={`Edit ${document.title}`}
      >
        {/* Enter in a field saves: the form's first button is its default, before any list's buttons. */}
        <button type="submit" name="intent" value={"save" satisfies ContentIntent} hidden />
        <input type="hidden" name="doc" value={document.name} />
        <input type="hidden" name="baseRevision" value={document.revision} />
        {errors.form ? <p className="font-medium text-danger">{errors.form}</p> : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <DocumentFields fields={fields} values={values} errors={errors} />
        </div>
        <button
          type="submit"
          name="intent"
          value={"save" satisfies ContentIntent}
          className={`${button} mt-4`}
        >
          Save draft
        </button>
      </Form>

      <section aria-labelledby="publish-heading" className="mt-8 rounded-xl border border-line p-4">
        <h3 id="publish-heading" className="text-lg font-bold">
          Publish revision {document.revision}
        </h3>
        <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-3">
          <input type="hidden" name="doc" value={document.name} />
          <input type="hidden" name="revision" value={document.revision} />
          <div>
            <label htmlFor="publish-at" className="block text-sm font-medium">
              Publish at, in UTC <span className="font-normal text-ink-muted">(empty: now)</span>
            </label>
            <input
              id="publish-at"
              name="at"
              type="datetime-local"
              step={1}
              aria-invalid={errors.at ? true : undefined}
              aria-describedby={errors.at ? "publish-at-error" : undefined}
              className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
            />
            {errors.at ? (
              <p id="publish-at-error" className="mt-1 text-sm font-medium text-danger">
                {errors.at}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            name="intent"
            value={"publish-content" satisfies ContentIntent}
            className={button}
          >
            Publish
          </button>
        </Form>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <IntentButton
            intent="preview"
            fields={{ doc: document.name, revision: document.revision }}
            label="Make a preview link"
          />
          {answer?.previewUrl ? (
            <a href={answer.previewUrl} className="break-all text-brand underline">
              {answer.previewUrl}
            </a>
          ) : null}
        </div>
      </section>

      <History document={document} versions={versions} />
    </section>
  );
}

export default function ContentTab({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  return (
    <>
      <StaticNotice message={actionData?.toast} />
      {loaderData.kind === "list" ? (
        <DocumentList {...loaderData} />
      ) : loaderData.kind === "document" ? (
        <DocumentPage {...loaderData} answer={actionData} />
      ) : (
        <p className="mt-6">
          There is no such document.{" "}
          <Link to={PAGE} className="text-brand underline">
            All content
          </Link>
        </p>
      )}
    </>
  );
}
