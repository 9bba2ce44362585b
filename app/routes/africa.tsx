import { AfricaApproachSection, AfricaFocusSection } from "~/components/africa-mission";
import { ActionRow, CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { Card, CardGrid } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { africaPage as page } from "~/content/africa";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/africa";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "FACETS Africa",
    description:
      "FACETS Africa: insurance and finance built on local partnerships, community engagement and sustainable growth, with a focus on accessibility, affordability and simplicity.",
    path: "/africa",
    origin: matches[0].loaderData.origin,
  });
}

export default function Africa() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <ActionRow actions={page.heroActions} />
      </PageHero>
      <AfricaApproachSection />
      <AfricaFocusSection />
      <Section id="offering" title={page.offering.title} lead={page.offering.lead} tone="muted">
        <CardGrid>
          {page.offering.cards.map((card) => (
            <Card key={card.to} title={card.title} to={card.to}>
              <p>{card.body}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <CallToActionSection
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={page.callToAction.actions}
      />
    </>
  );
}
