import { ActionRow, CallToActionSection } from "~/components/call-to-action";
import { FaqList } from "~/components/faq-list";
import { FuneralCoverTiers } from "~/components/funeral-cover-tiers";
import { HeroBadges } from "~/components/hero-badges";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/ui/section";
import { funeralCoverTiers, funeralPage as page } from "~/content/funeral";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/funeral";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Funeral cover",
    description:
      "FACETS funeral cover from R10 a month for R5,000 up to R100 a month for R50,000. One life, one beneficiary, no waiting period, any age, no medical exam.",
    path: "/funeral",
    origin: matches[0].loaderData.origin,
  });
}

export default function Funeral() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <HeroBadges badges={page.badges} label={page.badgesLabel} />
        <div className="mt-10">
          <ActionRow actions={page.heroActions} />
        </div>
      </PageHero>
      <Section id="tiers" title={page.tiers.title} lead={page.tiers.lead} tone="muted">
        <FuneralCoverTiers tiers={funeralCoverTiers} />
      </Section>
      <Section id="faq" title={page.faq.title}>
        <FaqList entries={page.faq.entries} />
      </Section>
      <CallToActionSection
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={page.callToAction.actions}
      />
    </>
  );
}
