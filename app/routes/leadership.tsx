import { CallToActionSection } from "~/components/call-to-action";
import { LeadershipRoleCard } from "~/components/leadership-role-card";
import { PageHero } from "~/components/page-hero";
import { TextCards } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { leadershipPage as page } from "~/content/leadership";
import { contentOf } from "~/lib/content-context";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/leadership";

// The roles are the published leadership document (the Content tab), or the seed at build (content-context).
export function loader({ context }: Route.LoaderArgs) {
  return { roles: contentOf(context, "leadership").roles };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description:
      "The leadership of the FACETS DAO: the founder and the chief executive, their responsibilities, and how they answer to token holders.",
    path: "/leadership",
    origin: matches[0].loaderData.origin,
  });
}

export default function Leadership({ loaderData: { roles } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />

      <Section id="roles" title={page.roles.title} lead={page.roles.lead}>
        <div className="grid gap-8 md:grid-cols-2">
          {roles.map((role) => (
            <LeadershipRoleCard
              key={role.role}
              role={role}
              responsibilitiesLabel={page.roles.responsibilitiesLabel}
            />
          ))}
        </div>
      </Section>

      <Section id="accountability" title={page.accountability.title} tone="muted">
        <TextCards cards={page.accountability.points} />
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
