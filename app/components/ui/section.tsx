import type { ReactNode } from "react";

interface SectionProps {
  id?: string;
  title: string;
  lead?: ReactNode;
  tone?: "plain" | "muted" | "night";
  children?: ReactNode;
}

const tones = {
  plain: "bg-surface text-ink",
  muted: "bg-surface-muted text-ink",
  night: "bg-night text-white",
} as const;

/** A page section with its h2 heading; every page is built from these. */
export function Section({ id, title, lead, tone = "plain", children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`${tones[tone]} py-16 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {lead ? (
          <p className={`mt-4 max-w-3xl text-lg ${tone === "night" ? "text-slate-200" : "text-ink-muted"}`}>
            {lead}
          </p>
        ) : null}
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
