import { PageHero } from "~/components/page-hero";
import { StatList } from "~/components/stat-list";
import { TrancheShareBars, TrancheStatusLegend, TrancheTable } from "~/components/tranche-chart";
import { ButtonLink } from "~/components/ui/button-link";
import { TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { Tag } from "~/components/ui/tag";
import { statusLegend, tokenPageCopy } from "~/content/facets-token";
import { withDerivedFigures } from "~/content/tranche-figures";
import { contentOf } from "~/lib/content-context";
import { formatInteger, formatUsd } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facets-token";

// The figures are the published tranche document (the Content tab), or the spec's at build (content-context).
export function loader({ context }: Route.LoaderArgs) {
  return { tranches: contentOf(context, "tranches") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = tokenPageCopy(loaderData.tranches);
  return pageMeta({
    title: page.title,
    description: page.description,
    path: "/facets-token",
    origin: matches[0].loaderData.origin,
  });
}

export default function FacetsToken({ loaderData }: Route.ComponentProps) {
  const document = loaderData.tranches;
  const page = tokenPageCopy(document);
  const tranches = withDerivedFigures(document);
  const availableTranche = tranches.find((tranche) => tranche.status === "available");
  const highlights = [
    { value: formatInteger(document.maxSupply), label: page.highlightLabels.maxSupply },
    { value: String(tranches.length), label: page.highlightLabels.trancheCount },
    ...(availableTranche
      ? [{ value: formatUsd(availableTranche.price), label: page.highlightLabels.availablePrice }]
      : []),
  ];
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <StatList stats={highlights} />
        <div className="mt-10">
          <ButtonLink to={page.howToBuy.action.to}>{page.howToBuy.action.label}</ButtonLink>
        </div>
      </PageHero>

      <Section id="shares" title={page.shares.title} lead={page.shares.lead}>
        <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <TrancheShareBars tranches={tranches} />
          <TrancheStatusLegend entries={statusLegend(document)} />
        </div>
      </Section>

      <Section id="tranches" title={page.table.title} lead={page.table.lead} tone="muted">
        <TrancheTable tranches={tranches} caption={page.table.caption} />
      </Section>

      <Section id="release" title={page.release.title} lead={page.release.lead}>
        <TextCards cards={page.release.notes} />
      </Section>

      <Section id="buy" title={page.howToBuy.title} lead={page.howToBuy.lead} tone="muted">
        <p className="font-semibold">{page.howToBuy.paymentMethodsLabel}</p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={page.howToBuy.paymentMethodsLabel}>
          {page.howToBuy.paymentMethods.map((method) => (
            <li key={method}>
              <Tag size="md">{method}</Tag>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <ButtonLink to={page.howToBuy.action.to} variant="brand">
            {page.howToBuy.action.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
