import type { FaqEntry } from "~/content/funeral";

/** Questions and answers as native disclosures: they open and close without JavaScript. */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {entries.map((entry) => (
        <details key={entry.question} className="group p-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
            <h3>{entry.question}</h3>
            <svg
              viewBox="0 0 16 16"
              width="16"
              height="16"
              className="size-4 shrink-0 text-brand transition group-open:rotate-180"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="m3 6 5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>
          <p className="mt-3 max-w-3xl text-ink-muted">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
