import { CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { PilotSiteCard } from "~/components/pilot-site-card";
import { CardGrid } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { pilotsDemosPage as page } from "~/content/pilots-demos";
import { contentOf } from "~/lib/content-context";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/pilots-demos";

// The sites are the published pilots document (the Content tab), or the seed at build (content-context).
export function loader({ context }: Route.LoaderArgs) {
  return { groups: contentOf(context, "pilots").groups };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "FACETS pilot and demo sites for insurance, capital and gold: try the platforms licensees build on.",
    path: "/pilots-demos",
    origin: matches[0].loaderData.origin,
  });
}

export default function PilotsDemos({ loaderData: { groups } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <p className="max-w-3xl rounded-xl border border-gold/60 bg-night-soft p-4 text-slate-100">
          <strong className="text-gold">{page.noteTitle}</strong> {page.note}
        </p>
      </PageHero>

      {groups.map((group, index) => (
        <Section
          key={group.name}
          id={group.name.toLowerCase()}
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
