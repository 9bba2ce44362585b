import { CallToActionSection } from "~/components/call-to-action";
import { MediaArticleCard } from "~/components/media-article-card";
import { PageHero } from "~/components/page-hero";
import { CardGrid } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { mediaListLead, mediaPage as page } from "~/content/media";
import { contentOf } from "~/lib/content-context";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/media";

// The articles are the published media document (the Content tab), or the seed at build (content-context).
export function loader({ context }: Route.LoaderArgs) {
  return { articles: contentOf(context, "media").articles };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "Curated articles and posts on insurance, blockchain, gold, fractional ownership, Africa and intellectual property, chosen by the FACETS team.",
    path: "/media",
    origin: matches[0].loaderData.origin,
  });
}

export default function Media({ loaderData: { articles } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />

      <Section id="articles" title={page.listTitle} lead={mediaListLead(articles)} tone="muted">
        <CardGrid>
          {articles.map((article) => (
            <MediaArticleCard key={article.url} article={article} readLabel={page.readLabel} />
          ))}
        </CardGrid>
      </Section>

      <CallToActionSection
        id="press"
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={[page.callToAction.action]}
      />
    </>
  );
}
