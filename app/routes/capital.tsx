import { ActionRow, CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { StatList } from "~/components/stat-list";
import { StepList } from "~/components/step-list";
import { TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { capitalPage as page } from "~/content/capital";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/capital";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "FACETS Capital",
    description:
      "FACETS Capital: fractional ownership of real estate, precious metals, equities and commodities, recorded on Solana. $10B+ projected eAUM, 10+ asset types.",
    path: "/capital",
    origin: matches[0].loaderData.origin,
  });
}

export default function Capital() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <StatList stats={page.highlights} />
        <div className="mt-10">
          <ActionRow actions={page.heroActions} />
        </div>
      </PageHero>

      <Section id="assets" title={page.assets.title} lead={page.assets.lead}>
        <TextCards cards={page.assets.cards} columns={4} />
      </Section>

      <Section id="how-it-works" title={page.howItWorks.title} lead={page.howItWorks.lead} tone="muted">
        <StepList steps={page.howItWorks.steps} />
      </Section>

      <Section id="benefits" title={page.benefits.title} lead={page.benefits.lead}>
        <TextCards cards={page.benefits.cards} />
      </Section>

      <CallToActionSection
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={page.callToAction.actions}
      />
    </>
  );
}
