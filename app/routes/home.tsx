import { ContactForm } from "~/components/contact-form";
import {
  AboutSection,
  ClubsSection,
  ContactSection,
  CurrencySection,
  GovernanceSection,
  ProjectsSection,
} from "~/components/home-sections";
import { LandingHero } from "~/components/landing-hero";
import { hero } from "~/content/home";
import { organisationJsonLd } from "~/lib/organisation-json-ld";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

// The landing page ships no JavaScript: its contact form is a plain form that /contact answers.
export function meta({ matches }: Route.MetaArgs) {
  const origin = matches[0].loaderData.origin;
  return [
    ...pageMeta({
      title: hero.tagline,
      description:
        "FACETS is a DAO building AI and blockchain-native insurance and finance products on Solana: DAO, IP and LAB tokens, B2B2C platforms and community clubs.",
      path: "/",
      origin,
    }),
    { "script:ld+json": organisationJsonLd(origin) },
  ];
}

export default function Home() {
  return (
    <>
      <LandingHero tagline={hero.tagline} />
      <AboutSection />
      <ProjectsSection />
      <CurrencySection />
      <ClubsSection />
      <GovernanceSection />
      <ContactSection>
        <ContactForm idPrefix="home-contact" />
      </ContactSection>
    </>
  );
}
