import { AfricaApproachSection, AfricaFocusSection } from "~/components/africa-mission";
import { ActionRow, CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/ui/section";
import { africaMissionPage as page } from "~/content/africa";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mobile1";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Our Africa mission",
    description:
      "The FACETS mission in Africa: local partnerships, community engagement and sustainable growth, focused on accessibility, affordability and simplicity.",
    path: "/mobile1",
    origin: matches[0].loaderData.origin,
  });
}

export default function Mobile1() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <ActionRow actions={page.heroActions} />
      </PageHero>
      <Section id="mission" title={page.mission.title} lead={page.mission.lead} tone="muted">
        <p className="max-w-3xl border-l-4 border-gold pl-6 text-xl font-medium text-ink sm:text-2xl">
          {page.mission.statement}
        </p>
      </Section>
      <AfricaApproachSection />
      <AfricaFocusSection />
      <CallToActionSection
        id="contact-us"
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={page.callToAction.actions}
      />
    </>
  );
}
