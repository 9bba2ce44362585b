import { CallToActionSection } from "~/components/call-to-action";
import { FactList } from "~/components/fact-list";
import { PageHero } from "~/components/page-hero";
import { TextCards } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { Section } from "~/components/ui/section";
import { VideoChapters, VideoFacade } from "~/components/video-facade";
import { filmChapters, filmEmbedUrl, licensingComparisons, ipTokenPage as page } from "~/content/ip-token";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/ip-token";

const PATH = "/ip-token";
const playHref = (start: number) => `${PATH}?play=${start}#video`;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "How intellectual property vests in the FACETS DAO and in fungible and non-fungible IP tokens, how licensed-IP businesses earn, and the IP token film.",
    path: PATH,
    origin: matches[0].loaderData.origin,
  });
}

/** `?play=SECONDS` asks for the film, starting there; without it the page shows our poster only. */
export function loader({ request }: Route.LoaderArgs) {
  const play = new URL(request.url).searchParams.get("play");
  const start = play !== null && /^\d{1,5}$/.test(play) ? Number(play) : null;
  return { start };
}

export default function IpToken({ loaderData }: Route.ComponentProps) {
  const { start } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />

      <Section id="ownership" title={page.ownership.title} lead={page.ownership.lead}>
        <TextCards cards={page.ownership.points} />
      </Section>

      <Section id="kinds" title={page.kinds.title} lead={page.kinds.lead} tone="muted">
        <TextCards cards={page.kinds.items} columns={2} />
      </Section>

      <Section id="comparisons" title={page.comparisons.title} lead={page.comparisons.lead}>
        <div className="space-y-10">
          {licensingComparisons.map((comparison) => (
            <DataTable
              key={comparison.id}
              caption={comparison.caption}
              rows={comparison.companies}
              rowKey={(company) => company.name}
              columns={[
                { header: "Company", cell: (company) => company.name },
                { header: "What is licensed", cell: (company) => company.licensed },
                { header: "Model", cell: (company) => company.model },
              ]}
            />
          ))}
        </div>
        <h3 className="mt-14 text-2xl font-semibold">{page.facetsModel.title}</h3>
        <div className="mt-6">
          <FactList facts={page.facetsModel.points} />
        </div>
      </Section>

      <Section id="video" title={page.film.title} lead={page.film.lead} tone="muted">
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div>
            <VideoFacade
              title={page.film.videoTitle}
              playHref={playHref}
              playing={start === null ? null : { start, embedSrc: filmEmbedUrl(start) }}
              stopHref={`${PATH}#video`}
              playLabel={page.film.playLabel}
              stopLabel={page.film.stopLabel}
            />
            <p className="mt-4 text-sm text-ink-muted">{page.film.privacyNote}</p>
          </div>
          <div>
            <h3 className="text-xl font-semibold">{page.film.chaptersTitle}</h3>
            <div className="mt-4">
              <VideoChapters chapters={filmChapters} playHref={playHref} currentStart={start} />
            </div>
          </div>
        </div>
      </Section>

      <CallToActionSection
        id="licensing"
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={[page.callToAction.action]}
      />
    </>
  );
}
