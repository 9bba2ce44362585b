import { ContactForm } from "~/components/contact-form";
import { AboutSection, ContactSection, GovernanceSection, ProjectsSection } from "~/components/home-sections";
import { LandingHero } from "~/components/landing-hero";
import { homeExperiment } from "~/content/home-experiment";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home-experiment";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: homeExperiment.tagline,
    description: homeExperiment.description,
    path: "/home-experiment",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function HomeExperiment() {
  return (
    <>
      <LandingHero tagline={homeExperiment.tagline} />
      <AboutSection />
      <ProjectsSection />
      <GovernanceSection />
      <ContactSection>
        <ContactForm idPrefix="experiment-contact" />
      </ContactSection>
    </>
  );
}
