import { Link } from "react-router";
import { CallToActionSection } from "~/components/call-to-action";
import { PageHero } from "~/components/page-hero";
import { Card, CardGrid, TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { Tag } from "~/components/ui/tag";
import { labs, labTokensPage as page } from "~/content/lab-tokens";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/lab-tokens";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "FACETS LAB tokens for individual products: the motor and property laboratories, and the health, device and legal laboratories to come.",
    path: "/lab-tokens",
    origin: matches[0].loaderData.origin,
  });
}

export default function LabTokens() {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />

      <Section id="about" title={page.about.title} lead={page.about.lead}>
        <TextCards cards={page.about.points} />
      </Section>

      <Section id="labs" title={page.labs.title} lead={page.labs.lead} tone="muted">
        <CardGrid>
          {labs.map((lab) => (
            <Card
              key={lab.name}
              title={lab.name}
              footer={
                lab.related ? (
                  <Link to={lab.related.to} className="font-semibold text-brand underline">
                    {lab.related.label}
                  </Link>
                ) : null
              }
            >
              <p>
                <Tag tone={lab.stage === "active" ? "success" : "gold"}>{page.stageLabels[lab.stage]}</Tag>
              </p>
              <p className="mt-3">{lab.body}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <CallToActionSection
        id="contact"
        title={page.callToAction.title}
        lead={page.callToAction.lead}
        actions={[page.callToAction.action]}
      />
    </>
  );
}
