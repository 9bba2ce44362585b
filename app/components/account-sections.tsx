import type { ReactNode } from "react";

// The frame and buttons of the sections of /account and /account/security: plain forms, no script.

export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

export function SaveButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong sm:w-auto"
    >
      {children}
    </button>
  );
}

export function DangerButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-danger px-6 py-2.5 font-semibold text-white hover:opacity-90 sm:w-auto"
    >
      {children}
    </button>
  );
}

export function QuietButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="submit"
      className="inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 py-2 font-semibold text-ink hover:bg-surface-muted"
    >
      {children}
    </button>
  );
}
