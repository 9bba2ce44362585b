import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ClientRuntimeStarter, InlineScript } from "./components/client-runtime-starter";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { StaticNotice } from "./components/static-notice";
import { Toaster, useToast } from "./components/toaster";
import { ButtonLink } from "./components/ui/button-link";
import { DocumentStyles } from "./lib/document-styles";
import type { HeaderUser } from "./lib/header-user";
import { holdKeysScript } from "./lib/held-keys";
import { useNonce } from "./lib/nonce-context";
import { usesAdminLayout, usesIslands, usesRouterClient } from "./lib/route-table";
import { islandStarter } from "./server/delivery/islands.server";
import { islandRedirect } from "./server/http/form-door.server";
import {
  cloudflareContext,
  refusalContext,
  sessionContext,
  takeFlash,
} from "./server/http/request-context.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * A request the Worker refused (wrong method or body, cross-site, too large) gets the error page; a
 * redirect answering an island's form post is handed to the island as JSON (form-door.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, request }, next) => {
    const refusal = context.get(refusalContext);
    if (refusal) throw data({ message: refusal.message }, { status: refusal.status });
    return islandRedirect(request, await next());
  },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const session = context.get(sessionContext);
  const headerUser: HeaderUser | null = session
    ? { firstName: session.firstName, isAdmin: session.isAdmin }
    : null;
  return {
    user: headerUser,
    origin: context.get(cloudflareContext).env.SITE_ORIGIN,
    flash: takeFlash(context),
    /** Whether the page loads the React Router client (the route table's `client`). */
    clientRuntime: usesRouterClient(pathname),
    /** The island page's starter (app/lib/islands.ts), or null. */
    islandStarter: usesIslands(pathname) ? islandStarter() : null,
    /** An admin page's holder of the keys pressed before its JavaScript runs (app/lib/held-keys.ts), or null. */
    heldKeys: usesAdminLayout(pathname) ? holdKeysScript() : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const hydrate = data?.clientRuntime === true;
  useToast(data?.flash);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1026" />
        <Meta />
        <DocumentStyles nonce={nonce} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader user={data?.user ?? null} />
        <main id="main" className="grow">
          {/* Clear of the page's hero and of a phone's edges; gone with the notice (`empty:`). */}
          <div className="px-4 pb-6 empty:hidden sm:px-6">
            <StaticNotice message={data?.flash} />
          </div>
          {children}
        </main>
        <SiteFooter />
        {data?.heldKeys ? <InlineScript nonce={nonce} source={data.heldKeys} /> : null}
        {/* The stylesheet shows the page once this is parsed: nothing paints half a page (app.css). */}
        <div id="page-end" hidden />
        {/* Renders nothing on the server; once JavaScript runs it stays across client navigations. */}
        <Toaster />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <ClientRuntimeStarter nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {data?.islandStarter ? <InlineScript nonce={nonce} source={data.islandStarter} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** What the error page says for each status a request can be answered with. */
interface ErrorDescription {
  code: string;
  title: string;
  text: string;
  /** Where to go instead of the home page, when the refusal names the way out. */
  next?: { to: string; label: string };
}

interface WayOut {
  to: string;
  label: string;
  text: string;
}

function isWayOut(value: unknown): value is WayOut {
  const way = value as Partial<WayOut> | null | undefined;
  return typeof way?.to === "string" && typeof way.label === "string" && typeof way.text === "string";
}

function describeError(error: unknown): ErrorDescription {
  if (!isRouteErrorResponse(error)) {
    return {
      code: "Error",
      title: "Something went wrong",
      text: "We could not show this page. Please try again in a moment.",
    };
  }
  const detail = typeof error.data?.message === "string" ? error.data.message : null;
  // A refusal that names the way out (the admin doors to an admin without a second factor).
  const wayOut = isWayOut(error.data?.wayOut) ? error.data.wayOut : null;
  switch (error.status) {
    case 404:
      return {
        code: "404",
        title: "Page Not Found",
        text: "The page you are looking for does not exist or has moved.",
      };
    case 405:
      return { code: "405", title: "Not allowed here", text: detail ?? "This page cannot be used that way." };
    case 413:
      return { code: "413", title: "Too much to send", text: detail ?? "What was sent is too large." };
    case 415:
    case 400:
      return {
        code: String(error.status),
        title: "We could not read that",
        text: detail ?? "The request could not be read. Please use the form on the page.",
      };
    case 403:
      if (wayOut) return { code: "403", title: detail ?? "Not allowed", text: wayOut.text, next: wayOut };
      return {
        code: "403",
        title: "Not allowed",
        text: detail ?? "This request was refused. Please use the form on this site.",
      };
    default:
      return {
        code: String(error.status),
        title: error.status < 500 ? "We could not do that" : "Something went wrong",
        text: detail ?? "Please go back and try again.",
      };
  }
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  return [{ title: `${describeError(error).title} | FACETS` }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  const { code, title, text, next } = describeError(error);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand">{code}</p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-ink-muted">{text}</p>
      <div className="mt-8">
        <ButtonLink to={next?.to ?? "/"} variant="brand">
          {next?.label ?? "Back to the home page"}
        </ButtonLink>
      </div>
    </section>
  );
}
