import { Link } from "react-router";
import { about, clubs, contactSection, currencies, governance, platforms } from "~/content/home";
import { Card, CardGrid, TextCards } from "./ui/card";
import { Section } from "./ui/section";

// The sections the two landing variants (/ and /home-experiment) share.

export function AboutSection() {
  return (
    <Section id="about" title={about.title} lead={about.lead}>
      <TextCards cards={about.pillars} />
      <div className="mt-12 grid gap-10 md:grid-cols-2">
        <div>
          <h3 className="text-2xl font-semibold">{about.revenueModel.title}</h3>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-ink-muted">
            {about.revenueModel.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-2xl font-semibold">{about.intellectualProperty.title}</h3>
          <p className="mt-4 text-ink-muted">{about.intellectualProperty.body}</p>
        </div>
      </div>
      <h3 className="mt-12 text-2xl font-semibold">{about.tokenKinds.title}</h3>
      <div className="mt-6">
        <CardGrid>
          {about.tokenKinds.kinds.map((kind) => (
            <Card key={kind.name} title={kind.name} to={kind.to} as="h4">
              <p>{kind.body}</p>
            </Card>
          ))}
        </CardGrid>
      </div>
    </Section>
  );
}

export function ProjectsSection() {
  return (
    <Section id="projects" title={platforms.title} lead={platforms.lead} tone="muted">
      <CardGrid columns={4}>
        {platforms.cards.map((card) => (
          <Card key={card.to} title={card.name} to={card.to}>
            <p>{card.body}</p>
          </Card>
        ))}
      </CardGrid>
    </Section>
  );
}

export function CurrencySection() {
  return (
    <Section id="currency" title={currencies.title} lead={currencies.lead}>
      <CardGrid columns={4}>
        {currencies.groups.map((group) => (
          <Card key={group.name} title={group.name}>
            <ul className="flex flex-wrap gap-2">
              {group.items.map((item) => (
                <li
                  key={item}
                  className="rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-brand-strong"
                >
                  {item}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </CardGrid>
    </Section>
  );
}

export function ClubsSection() {
  return (
    <Section id="clubs" title={clubs.title} lead={clubs.lead} tone="muted">
      <CardGrid columns={2}>
        {clubs.cards.map((card) => (
          <Card key={card.to} title={card.name} to={card.to}>
            <p>{card.body}</p>
            <p className="mt-3 inline-flex rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success">
              Verified members
            </p>
          </Card>
        ))}
      </CardGrid>
    </Section>
  );
}

export function GovernanceSection() {
  return (
    <Section id="governance" title={governance.title} lead={governance.lead} tone="night">
      <ul className="grid gap-6 md:grid-cols-3">
        {governance.points.map((point) => (
          <li key={point.title} className="rounded-2xl bg-night-soft p-6">
            <h3 className="text-xl font-semibold text-gold">{point.title}</h3>
            <p className="mt-3 text-slate-200">{point.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The contact section of a landing page; `children` is the contact form. */
export function ContactSection({ children }: { children?: React.ReactNode }) {
  return (
    <Section id="contact" title={contactSection.title} lead={contactSection.lead} tone="muted">
      <p className="max-w-3xl rounded-xl border border-gold-strong/40 bg-amber-50 p-4 text-ink">
        {contactSection.tokenBuyerNote}
      </p>
      <div className="mt-8">
        {children ?? (
          <Link to="/contact" className="font-semibold text-brand underline">
            Open the contact form
          </Link>
        )}
      </div>
    </Section>
  );
}
