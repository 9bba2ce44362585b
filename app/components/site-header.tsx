import { Form, Link, useLocation } from "react-router";
import { headerLinks, isActivePath, type NavLinkItem } from "~/content/navigation";
import type { HeaderUser } from "~/lib/header-user";
import { FacetsLogo } from "./facets-logo";

const MENU_ID = "side-menu";

function navLinkClass(active: boolean, layout: "inline" | "stacked") {
  const base =
    layout === "inline"
      ? "rounded-md px-3 py-2 text-sm font-medium"
      : "block rounded-md px-3 py-3 text-base font-medium";
  return `${base} ${active ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-surface-muted"}`;
}

function closeMenu(event: React.MouseEvent<HTMLElement>) {
  // With JavaScript the navigation happens in place, so the dialog must close itself.
  event.currentTarget.closest("dialog")?.close();
}

interface NavListProps {
  user: HeaderUser | null;
  pathname: string;
  layout: "inline" | "stacked";
}

function NavItems({ user, pathname, layout }: NavListProps) {
  const onClick = layout === "stacked" ? closeMenu : undefined;
  const link = ({ label, to }: NavLinkItem) => {
    const active = isActivePath(to, pathname);
    return (
      <li key={to}>
        <Link
          to={to}
          className={navLinkClass(active, layout)}
          aria-current={active ? "page" : undefined}
          onClick={onClick}
        >
          {label}
        </Link>
      </li>
    );
  };
  const contactActive = isActivePath("/contact", pathname);
  return (
    <ul className={layout === "inline" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
      {headerLinks.map(link)}
      {user ? null : link({ label: "Login", to: "/login" })}
      <li>
        <Link
          to="/contact"
          aria-current={contactActive ? "page" : undefined}
          onClick={onClick}
          className={`${layout === "inline" ? "ml-2" : "mt-2"} inline-flex min-h-10 items-center rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-strong ${contactActive ? "ring-2 ring-brand-strong ring-offset-2" : ""}`}
        >
          Contact
        </Link>
      </li>
      {user?.isAdmin ? link({ label: "Admin Dashboard", to: "/admin" }) : null}
      {user ? link({ label: "My account", to: "/account" }) : null}
      {user ? (
        <li>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className={navLinkClass(false, layout)}>
              Logout
            </button>
          </Form>
        </li>
      ) : null}
    </ul>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-wide">
          <FacetsLogo />
          <span>FACETS</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <NavItems user={user} pathname={pathname} layout="inline" />
        </nav>
        <button
          type="button"
          command="show-modal"
          commandfor={MENU_ID}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-ink hover:bg-surface-muted lg:hidden"
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="sr-only">Open menu</span>
        </button>
      </div>
      <dialog
        id={MENU_ID}
        aria-label="Site menu"
        closedby="any"
        className="side-menu bg-surface p-4 text-ink shadow-xl"
      >
        <div className="flex items-center justify-between">
          <span className="text-lg font-bold">Menu</span>
          <button
            type="button"
            command="close"
            commandfor={MENU_ID}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-surface-muted"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-4">
          <NavItems user={user} pathname={pathname} layout="stacked" />
        </nav>
      </dialog>
    </header>
  );
}
