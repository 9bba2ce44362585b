import { ActionRow, CallToActionSection } from "~/components/call-to-action";
import { CheckList } from "~/components/check-list";
import { PageHero } from "~/components/page-hero";
import { StatList } from "~/components/stat-list";
import { Card, CardGrid, TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { insurePage as page } from "~/content/insure";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/insure";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "FACETS Insure",
    description:
      "FACETS Insure: AI and blockchain-native insurance for partners. Motor, home, device, funeral, health, legal and pet wallets, in a $3.7T market.",
    path: "/insure",
    origin: matches[0].loaderData.origin,
  });
}

export default function Insure() {
  const { goodToKnow } = page.products;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <ActionRow actions={page.heroActions} />
      </PageHero>

      <Section id="features" title={page.features.title} lead={page.features.lead}>
        <TextCards cards={page.features.cards} />
      </Section>

      <Section id="products" title={page.products.title} lead={page.products.lead} tone="muted">
        <CardGrid columns={4}>
          {page.products.cards.map((product) => (
            <Card
              key={product.name}
              title={product.name}
              to={"to" in product ? product.to : undefined}
              footer={
                "linkHint" in product ? (
                  <span className="text-sm font-semibold text-brand">
                    {product.linkHint} <span aria-hidden="true">→</span>
                  </span>
                ) : null
              }
            >
              <p>{product.body}</p>
            </Card>
          ))}
          <Card title={goodToKnow.name}>
            <CheckList items={goodToKnow.points} />
          </Card>
        </CardGrid>
      </Section>

      <Section id="market" title={page.statistics.title} lead={page.statistics.lead}>
        <StatList stats={page.statistics.items} />
      </Section>

      <CallToActionSection
        id="partner"
        title={page.partner.title}
        lead={page.partner.lead}
        actions={page.partner.actions}
      />
    </>
  );
}
