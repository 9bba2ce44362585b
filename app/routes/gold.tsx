import { ActionRow, CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { StatList } from "~/components/stat-list";
import { StepList } from "~/components/step-list";
import { TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { goldPage as page } from "~/content/gold";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gold";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "FACETS Gold",
    description:
      "FACETS Gold: digital gold backed by physical gold. Purchase a token, gold is allocated, ownership is recorded on Solana, then trade or redeem.",
    path: "/gold",
    origin: matches[0].loaderData.origin,
  });
}

export default function Gold() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <ActionRow actions={page.heroActions} />
      </PageHero>

      <Section id="how-it-works" title={page.howItWorks.title} lead={page.howItWorks.lead} tone="muted">
        <StepList steps={page.howItWorks.steps} />
      </Section>

      <Section id="benefits" title={page.benefits.title} lead={page.benefits.lead}>
        <TextCards cards={page.benefits.cards} />
      </Section>

      <Section id="phase-1" title={page.phaseOne.title} lead={page.phaseOne.lead} tone="muted">
        <StatList stats={page.phaseOne.figures} />
        <p className="mt-6 text-sm text-ink-muted">{page.phaseOne.note}</p>
      </Section>

      <CallToActionSection
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={page.callToAction.actions}
      />
    </>
  );
}
