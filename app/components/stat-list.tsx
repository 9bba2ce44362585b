import type { Stat } from "~/content/page-content";

/** Key figures inside a PageHero: big value over a short label, as a description list. */
export function StatList({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-3">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col rounded-2xl bg-night-soft p-6">
          <dt className="text-sm text-slate-300">{stat.label}</dt>
          <dd className="order-first text-3xl font-bold text-gold">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
