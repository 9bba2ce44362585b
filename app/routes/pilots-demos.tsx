import { CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { PilotSiteCard } from "~/components/pilot-site-card";
import { CardGrid } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { pilotsDemosPage as page, pilotGroups } from "~/content/pilots-demos";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/pilots-demos";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "FACETS pilot and demo sites for insurance, capital and gold: try the platforms licensees build on.",
    path: "/pilots-demos",
    origin: matches[0].loaderData.origin,
  });
}

export default function PilotsDemos() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <p className="max-w-3xl rounded-xl border border-gold/60 bg-night-soft p-4 text-slate-100">
          <strong className="text-gold">{page.noteTitle}</strong> {page.note}
        </p>
      </PageHero>

      {pilotGroups.map((group, index) => (
        <Section
          key={group.id}
          id={group.id}
          title={group.name}
          lead={group.lead}
          tone={index % 2 === 0 ? "muted" : "plain"}
        >
          <CardGrid columns={group.sites.length === 4 ? 4 : 3}>
            {group.sites.map((site) => (
              <PilotSiteCard key={site.url} site={site} visitLabel={page.visitLabel} />
            ))}
          </CardGrid>
        </Section>
      ))}

      <CallToActionSection
        id="your-pilot"
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={[page.callToAction.action]}
      />
    </>
  );
}
