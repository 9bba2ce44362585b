import { type FuneralCoverTier, funeralPage, funeralTierHref } from "~/content/funeral";
import { ButtonLink } from "./ui/button-link";

/** The funeral cover tiers: cover amount, monthly premium and a link to apply for each. */
export function FuneralCoverTiers({ tiers }: { tiers: readonly FuneralCoverTier[] }) {
  const copy = funeralPage.tiers;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {tiers.map((tier) => (
        <li
          key={tier.monthlyPremium}
          className="flex flex-col rounded-2xl border border-line bg-surface p-6 text-center shadow-sm"
        >
          <h3 className="text-lg font-semibold text-brand-strong">{copy.tierTitle(tier)}</h3>
          <p className="mt-3">
            <span className="text-5xl font-extrabold tracking-tight text-ink">{tier.monthlyPremium}</span>{" "}
            <span className="block text-ink-muted">{copy.premiumSuffix}</span>
          </p>
          <p className="mt-4 grow border-t border-line pt-4 text-sm text-ink-muted">{copy.payout(tier)}</p>
          <div className="mt-6">
            <ButtonLink to={funeralTierHref(tier)} variant="brand">
              {copy.actionLabel}
              <span className="sr-only"> {copy.actionDetail(tier)}</span>
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
