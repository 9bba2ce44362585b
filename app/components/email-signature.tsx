import { Link } from "react-router";
import {
  signatureInstructions as copy,
  signatureOrganisation as org,
  signaturePerson as person,
  type SignatureImage,
  type SignatureVariant,
  signaturePages,
} from "~/content/email-signatures";
import { externalLinks } from "~/content/external-links";
import { pageMeta } from "~/lib/seo";
import { PageHero } from "./page-hero";
import { Section } from "./ui/section";

const linkClass = "text-brand underline";
const linksNoteId = "signature-links-note";

/**
 * One email signature page: how to copy it, the signature itself, and links to the other variants.
 * The signature is plain, table-free HTML with absolute addresses, so it survives being pasted into
 * a mail client; its links carry no screen-reader-only text, which would be pasted along with it.
 */
/** The meta tags of a signature page: its own title and description, never indexed. */
export function signaturePageMeta(variant: SignatureVariant, origin: string) {
  const page = signaturePages[variant];
  return pageMeta({
    title: page.title,
    description: page.description,
    path: page.path,
    origin,
    noindex: true,
  });
}

export function EmailSignatureSheet({ variant, origin }: { variant: SignatureVariant; origin: string }) {
  const page = signaturePages[variant];
  const others = (Object.keys(signaturePages) as SignatureVariant[]).filter((key) => key !== variant);
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={page.title} lead={page.lead} />
      <Section id="signature" title={copy.title} lead={copy.lead}>
        <ol className="list-decimal space-y-1 pl-5 text-ink-muted">
          {copy.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {variant === "personal" ? (
          <div className="mt-6 rounded-xl border border-gold-strong/40 bg-amber-50 p-4">
            <p>{copy.personalNote}</p>
            <p className="mt-2">
              <span className="font-semibold">{copy.rolesLabel}:</span> {person.roles.join(", ")}.
            </p>
          </div>
        ) : null}
        {variant === "dao" || variant === "image" ? (
          <p id={linksNoteId} className="mt-6 text-sm text-ink-muted">
            {copy.linksNote}
          </p>
        ) : null}
        <section
          aria-label={copy.signatureLabel}
          className="mt-6 break-words rounded-2xl border border-dashed border-line bg-surface p-6 text-ink"
        >
          <Signature variant={variant} origin={origin} />
        </section>
      </Section>
      <Section id="other-signatures" title={copy.otherTitle} tone="muted">
        <ul className="grid gap-3 sm:grid-cols-3">
          {others.map((key) => (
            <li key={key}>
              <Link to={signaturePages[key].path} className="font-semibold text-brand underline">
                {signaturePages[key].title}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function Signature({ variant, origin }: { variant: SignatureVariant; origin: string }) {
  const website = new URL("/", origin).toString();
  const host = new URL(origin).host;
  const external = { target: "_blank", rel: "noopener noreferrer", "aria-describedby": linksNoteId } as const;
  switch (variant) {
    case "dao":
      return (
        <div>
          <p>
            <SignatureImg image={org.logo} origin={origin} />
          </p>
          <p className="mt-2">
            <strong>{org.name}</strong>
            <br />
            <em>{org.tagline}</em>
            <br />
            {org.descriptor}
          </p>
          <p className="mt-2">
            <a href={website} className={linkClass} {...external}>
              {host}
            </a>{" "}
            |{" "}
            <a href={`mailto:${org.email}`} className={linkClass}>
              {org.email}
            </a>
          </p>
          <p className="mt-2">
            {externalLinks.social
              .filter((social) => org.socialNames.includes(social.name))
              .map((social, index) => (
                <span key={social.name}>
                  {index > 0 ? " | " : null}
                  <a href={social.href} className={linkClass} {...external}>
                    {social.name}
                  </a>
                </span>
              ))}
          </p>
        </div>
      );
    case "daoSimple":
      return (
        <p>
          {org.name}
          <br />
          {org.tagline}
          <br />
          {host} | {org.email}
        </p>
      );
    case "personal":
      return (
        <p>
          <strong>{person.name}</strong>
          <br />
          {person.role}, {org.name}
          <br />
          {person.email} | {host}
          <br />
          {org.tagline}
        </p>
      );
    case "image":
      return (
        <p>
          <a href={website} {...external}>
            <SignatureImg image={org.image} origin={origin} />
          </a>
        </p>
      );
  }
}

function SignatureImg({ image, origin }: { image: SignatureImage; origin: string }) {
  return (
    <img
      src={new URL(image.path, origin).toString()}
      width={image.width}
      height={image.height}
      alt={image.alt}
      className="inline-block h-auto max-w-full"
    />
  );
}
