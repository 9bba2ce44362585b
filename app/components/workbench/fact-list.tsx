import type { ReactNode } from "react";

/** A page's facts about one thing (a message, a person): a label and its value, a line each. */
export function FactList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-ink-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
