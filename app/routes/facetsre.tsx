import { MarketSplitBar, MarketZoneCards } from "~/components/market-share";
import { PageHero } from "~/components/page-hero";
import { StatList } from "~/components/stat-list";
import { ButtonLink } from "~/components/ui/button-link";
import { Section } from "~/components/ui/section";
import { VideoPlayer } from "~/components/video-player";
import { facetsrePage as page } from "~/content/facetsre";
import { films } from "~/content/videos";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facetsre";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${page.eyebrow}: ${page.title}`,
    description:
      "FACETS RE, the reinsurance pitch: a $7T insurance industry ($4T non-life, $3T life), reinsurers at least 10% ($700B), and zones of 90% ($6.3T) and 100% ($7T).",
    path: "/facetsre",
    origin: matches[0].loaderData.origin,
  });
}

export default function FacetsRe() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <StatList stats={page.statistics} />
      </PageHero>

      <Section id="market" title={page.market.title} lead={page.market.lead}>
        <MarketSplitBar label={page.market.chartLabel} parts={page.market.parts} />
      </Section>

      <Section id="zones" title={page.zones.title} lead={page.zones.lead} tone="muted">
        <MarketZoneCards zones={page.zones.items} wholeLabel={page.zones.wholeLabel} />
      </Section>

      <Section id="video" title={page.video.title} lead={page.video.lead}>
        <VideoPlayer film={films.facetsre} />
      </Section>

      <Section id="contact" title={page.callToAction.title} lead={page.callToAction.lead} tone="muted">
        <ButtonLink to={page.callToAction.action.to} variant="brand">
          {page.callToAction.action.label}
        </ButtonLink>
      </Section>
    </>
  );
}
