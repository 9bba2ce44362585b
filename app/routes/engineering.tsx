import { CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { engineeringTopics, engineeringPage as page } from "~/content/engineering";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/engineering";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "Engineering at FACETS: the context, our philosophy, the Solana blockchain, web2 and web3 together, and AI and human agents.",
    path: "/engineering",
    origin: matches[0].loaderData.origin,
  });
}

export default function Engineering() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <nav aria-label="On this page">
          <ul className="flex flex-wrap gap-3">
            {engineeringTopics.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-white/30 px-4 py-1.5 text-sm text-slate-100 hover:bg-white/10"
                >
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      {engineeringTopics.map((topic, index) => (
        <Section
          key={topic.id}
          id={topic.id}
          title={topic.title}
          lead={topic.lead}
          tone={index % 2 === 1 ? "muted" : "plain"}
        >
          <TextCards cards={topic.points} />
        </Section>
      ))}

      <CallToActionSection
        id="build"
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={[page.callToAction.action]}
      />
    </>
  );
}
