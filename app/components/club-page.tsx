import { type Club, type ClubModule, clubBadges } from "~/content/clubs";
import { ActionRow, CallToActionSection } from "./call-to-action";
import { HeroBadges } from "./hero-badges";
import { PageHero } from "./page-hero";
import { StepList } from "./step-list";
import { ButtonLink } from "./ui/button-link";
import { Card, CardGrid } from "./ui/card";
import { Section } from "./ui/section";
import { Tag } from "./ui/tag";

/** The whole page of a community club (/motorclub, /propertyclub); the clubs differ only in their copy. */
export function ClubPage({ club }: { club: Club }) {
  return (
    <>
      <PageHero eyebrow={club.eyebrow} title={club.title} lead={club.lead}>
        <HeroBadges badges={clubBadges} label={`About the ${club.name}`} />
        <div className="mt-10">
          <ActionRow actions={club.heroActions} />
        </div>
      </PageHero>

      <Section id="modules" title={club.modules.title} lead={club.modules.lead}>
        <CardGrid>
          {club.modules.items.map((module) => (
            <ClubModuleCard key={module.name} module={module} />
          ))}
          <Card
            title={club.modules.contactCard.title}
            footer={
              <ButtonLink to={club.modules.contactCard.action.to} variant="secondary">
                {club.modules.contactCard.action.label}
              </ButtonLink>
            }
          >
            <p>{club.modules.contactCard.body}</p>
          </Card>
        </CardGrid>
      </Section>

      <Section id="membership" title={club.membership.title} lead={club.membership.lead} tone="muted">
        <StepList steps={club.membership.steps} columns={3} />
      </Section>

      <CallToActionSection
        id="join"
        title={club.callToAction.title}
        lead={club.callToAction.lead}
        actions={club.callToAction.actions}
      />
    </>
  );
}

function ClubModuleCard({ module }: { module: ClubModule }) {
  const { action } = module;
  return (
    <Card
      title={module.name}
      footer={
        <ButtonLink to={action.to} variant={module.comingSoon ? "secondary" : "brand"}>
          {action.label}
          <span className="sr-only"> {action.detail}</span>
        </ButtonLink>
      }
    >
      <p>{module.body}</p>
      {module.partner ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          Partner:
          {module.comingSoon ? (
            <Tag tone="gold" size="md">
              {module.partner}
            </Tag>
          ) : (
            <span>{module.partner}</span>
          )}
        </p>
      ) : null}
    </Card>
  );
}
