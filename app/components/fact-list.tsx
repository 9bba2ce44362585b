export interface Fact {
  title: string;
  body: string;
}

/** Short term-and-answer pairs in tinted boxes, as a description list. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="grid gap-6 md:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.title} className="rounded-2xl bg-brand-soft p-6">
          <dt className="font-semibold text-brand-strong">{fact.title}</dt>
          <dd className="mt-2 text-ink">{fact.body}</dd>
        </div>
      ))}
    </dl>
  );
}
