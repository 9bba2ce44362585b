import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ClientRuntimeStarter } from "./components/client-runtime-starter";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { StaticNotice, Toaster, useToast } from "./components/toaster";
import { ButtonLink } from "./components/ui/button-link";
import { DocumentStyles } from "./lib/document-styles";
import type { HeaderUser } from "./lib/header-user";
import { useNonce } from "./lib/nonce-context";
import { shouldHydrate } from "./lib/route-handle";
import { cloudflareContext, sessionUserContext, takeFlash } from "./server/request-context.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionUserContext);
  const headerUser: HeaderUser | null = user ? { firstName: user.firstName, isAdmin: user.isAdmin } : null;
  return {
    user: headerUser,
    origin: context.get(cloudflareContext).env.SITE_ORIGIN,
    flash: takeFlash(context),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const hydrate = shouldHydrate(matches);
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
          <StaticNotice message={data?.flash} />
          {children}
        </main>
        <SiteFooter />
        {/* Renders nothing on the server; once JavaScript runs it stays across client navigations. */}
        <Toaster />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <ClientRuntimeStarter nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? "Page Not Found | FACETS" : "Something went wrong | FACETS" },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-4 text-3xl font-bold">{notFound ? "Page Not Found" : "Something went wrong"}</h1>
      <p className="mt-4 text-ink-muted">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "We could not show this page. Please try again in a moment."}
      </p>
      <div className="mt-8">
        <ButtonLink to="/" variant="brand">
          Back to the home page
        </ButtonLink>
      </div>
    </section>
  );
}
