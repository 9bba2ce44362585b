import type { Step } from "~/content/page-content";

const columnClasses = {
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
} as const;

/** A numbered "how it works" sequence: an ordered list of steps, each with an h3. */
export function StepList({ steps, columns = 4 }: { steps: readonly Step[]; columns?: 3 | 4 }) {
  return (
    <ol className={`grid gap-6 ${columnClasses[columns]}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-line bg-surface p-6 shadow-sm">
          <span
            aria-hidden="true"
            className="flex size-11 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-5 text-xl font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-ink-muted">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
