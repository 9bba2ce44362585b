import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/ui/section";
import { VideoPlayer } from "~/components/video-player";
import { films } from "~/content/videos";
import { workzonePage as page } from "~/content/workzone";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/workzone";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description: "Private viewing of a FACETS film for partners and team members.",
    path: "/workzone",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function Workzone() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Section id="video" title={page.video.title} lead={page.video.lead}>
        <VideoPlayer film={films.workzone} />
      </Section>
    </>
  );
}
