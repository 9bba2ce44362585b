import { Link } from "react-router";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/ui/section";
import { type PrivacyTopic, privacyPage as page, privacyTopics } from "~/content/privacy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

// The privacy notice: a content page (prerendered, no JavaScript). Its words are in app/content/privacy.ts.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "What the FACETS website keeps about you, why, where and for how long, who sees it, and how to take a copy of it, correct it or erase it.",
    path: "/privacy",
    origin: matches[0].loaderData.origin,
  });
}

function Topic({ topic }: { topic: PrivacyTopic }) {
  return (
    <div className="max-w-3xl space-y-5 text-lg">
      {topic.paragraphs?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {topic.items ? (
        <dl className="space-y-4">
          {topic.items.map(([term, meaning]) => (
            <div key={term}>
              <dt className="font-semibold">{term}</dt>
              <dd className="text-ink-muted">{meaning}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

export default function Privacy() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <p className="text-slate-200">Last updated {page.updated}.</p>
      </PageHero>
      {privacyTopics.map((topic, index) => (
        <Section key={topic.id} id={topic.id} title={topic.title} tone={index % 2 === 1 ? "muted" : "plain"}>
          <Topic topic={topic} />
          {topic.id === "rights" || topic.id === "request" ? (
            <p className="mt-8 flex flex-wrap gap-4 text-lg">
              <Link to="/account" className="font-semibold text-brand underline">
                My account
              </Link>
              <Link to="/privacy/request" className="font-semibold text-brand underline">
                The data request page
              </Link>
              <Link to="/contact" className="font-semibold text-brand underline">
                Contact us
              </Link>
            </p>
          ) : null}
        </Section>
      ))}
    </>
  );
}
