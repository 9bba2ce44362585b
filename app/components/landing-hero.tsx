import { hero } from "~/content/home";
import { PageHero } from "./page-hero";
import { ButtonLink } from "./ui/button-link";

/** The hero of both landing variants: tagline, the three statistics, two actions and three badges. */
export function LandingHero({ tagline }: { tagline: string }) {
  return (
    <PageHero eyebrow={hero.eyebrow} title={tagline} lead={hero.intro}>
      <dl className="grid gap-6 sm:grid-cols-3">
        {hero.statistics.map((stat) => (
          <div key={stat.label} className="flex flex-col rounded-2xl bg-night-soft p-6">
            <dt className="text-sm text-slate-300">{stat.label}</dt>
            <dd className="order-first text-3xl font-bold text-gold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-10 flex flex-wrap gap-4">
        <ButtonLink to={hero.primaryAction.to}>{hero.primaryAction.label}</ButtonLink>
        <ButtonLink to={hero.secondaryAction.to} variant="secondary">
          {hero.secondaryAction.label}
          <span className="sr-only">{` ${hero.secondaryAction.context}`}</span>
        </ButtonLink>
      </div>
      <ul className="mt-10 flex flex-wrap gap-3" aria-label="What FACETS stands for">
        {hero.badges.map((badge) => (
          <li key={badge} className="rounded-full border border-white/30 px-4 py-1.5 text-sm text-slate-100">
            {badge}
          </li>
        ))}
      </ul>
    </PageHero>
  );
}
