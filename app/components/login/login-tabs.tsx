import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef } from "react";
import type { LoginTab } from "./login-result";

const TABS: { id: LoginTab; label: string; href: string }[] = [
  { id: "login", label: "Login", href: "/login" },
  { id: "register", label: "Register", href: "/login?tab=register" },
];

/**
 * The login page's two tabs and the panel of the chosen one. Without JavaScript each tab is a link to the
 * page with that tab; in the island (`onSelect`) a tab shows its panel in place and the address follows.
 */
export function LoginTabs({
  tab,
  onSelect,
  children,
}: {
  tab: LoginTab;
  onSelect?: (tab: LoginTab) => void;
  children: ReactNode;
}) {
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

  function onTabClick(event: MouseEvent<HTMLAnchorElement>, id: LoginTab, href: string) {
    if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.replaceState(window.history.state, "", href);
    onSelect(id);
  }

  return (
    <>
      <div
        role="tablist"
        aria-label="Login or register"
        className="mt-6 flex rounded-full bg-surface-muted p-1"
        onKeyDown={onTabKeyDown}
      >
        {TABS.map(({ id, label, href }) => (
          <a
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            id={`tab-${id}`}
            role="tab"
            href={href}
            onClick={(event) => onTabClick(event, id, href)}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={`flex-1 rounded-full px-4 py-2.5 text-center font-semibold ${tab === id ? "bg-surface text-brand-strong shadow" : "text-ink-muted hover:text-ink"}`}
          >
            {label}
          </a>
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
