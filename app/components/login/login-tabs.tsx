import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { Link } from "react-router";
import type { LoginTab } from "./login-result";

const TABS: { id: LoginTab; label: string }[] = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
];

/** The login page's two tabs (links, so they work without JavaScript) and the panel of the chosen one. */
export function LoginTabs({ tab, children }: { tab: LoginTab; children: ReactNode }) {
  const tabRefs = useRef<Record<LoginTab, HTMLAnchorElement | null>>({ login: null, register: null });

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: LoginTab =
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
        {children}
      </div>
    </>
  );
}
