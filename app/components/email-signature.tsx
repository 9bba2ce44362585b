import { Link } from "react-router";
import {
  signatureInstructions as copy,
  signatureOrganisation as org,
  signaturePerson as person,
  type SignatureImage,
  type SignaturePage,
  type SignatureVariant,
  signaturePages,
} from "~/content/email-signatures";
import { externalLinks } from "~/content/external-links";
import { pageMeta } from "~/lib/seo";
import { PageHero } from "./page-hero";
import { Section } from "./ui/section";

const pageLinkClass = "text-brand underline";
const linksNoteId = "signature-links-note";
const htmlId = "signature-html";

/**
 * Where a signature is drawn: on its page (images from the page's own origin, styled links), or as the
 * HTML people paste into a mail client (absolute addresses on the production origin, no classes).
 */
export type SignatureTarget = "page" | "mail";

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

interface EmailSignatureSheetProps {
  variant: SignatureVariant;
  /** The site's production origin (SITE_ORIGIN). */
  origin: string;
  /** The signature as HTML source to copy (signatureHtml). */
  html: string;
}

/**
 * One email signature page: how to copy it, the signature itself, its HTML source, and links to the
 * other variants. The signature is plain, table-free HTML, so it survives being pasted into a mail
 * client; its links carry no screen-reader-only text, which would be pasted along with it.
 */
export function EmailSignatureSheet({ variant, origin, html }: EmailSignatureSheetProps) {
  const page: SignaturePage = signaturePages[variant];
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
          <Signature variant={variant} origin={origin} target="page" />
        </section>
        {page.image ? <ImageDownloads image={page.image} /> : null}
        <label htmlFor={htmlId} className="mt-8 block font-semibold">
          {copy.htmlLabel}
        </label>
        <p id={`${htmlId}-note`} className="mt-1 text-sm text-ink-muted">
          {copy.htmlNote}
        </p>
        <textarea
          id={htmlId}
          readOnly
          rows={6}
          value={html}
          aria-describedby={`${htmlId}-note`}
          className="mt-2 w-full rounded-xl border border-line bg-surface-muted p-3 font-mono text-sm text-ink"
        />
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

function ImageDownloads({ image }: { image: SignatureImage }) {
  return (
    <p className="mt-4 text-sm text-ink-muted">
      {copy.downloadNote}{" "}
      <a href={image.png} download className={pageLinkClass}>
        {copy.downloadPng}
      </a>{" "}
      |{" "}
      <a href={image.svg} download className={pageLinkClass}>
        {copy.downloadSvg}
      </a>
    </p>
  );
}

interface SignatureProps {
  variant: SignatureVariant;
  /** The site's production origin (SITE_ORIGIN): the website the signature links to. */
  origin: string;
  target: SignatureTarget;
}

export function Signature({ variant, origin, target }: SignatureProps) {
  const website = new URL("/", origin).toString();
  const host = new URL(origin).host;
  const onPage = target === "page";
  const linkClass = onPage ? pageLinkClass : undefined;
  const spaced = onPage ? "mt-2" : undefined;
  const external = {
    target: "_blank",
    rel: "noopener noreferrer",
    "aria-describedby": onPage ? linksNoteId : undefined,
  } as const;
  switch (variant) {
    case "dao":
      return (
        <div>
          <p>
            <SignatureImg image={org.logo} origin={origin} onPage={onPage} />
          </p>
          <p className={spaced}>
            <strong>{org.name}</strong>
            <br />
            <em>{org.tagline}</em>
            <br />
            {org.descriptor}
          </p>
          <p className={spaced}>
            <a href={website} className={linkClass} {...external}>
              {host}
            </a>{" "}
            |{" "}
            <a href={`mailto:${org.email}`} className={linkClass}>
              {org.email}
            </a>
          </p>
          <p className={spaced}>
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
            <SignatureImg image={org.image} origin={origin} onPage={onPage} />
          </a>
        </p>
      );
  }
}

/** The PNG: from the page's own origin on the page (its CSP allows no other), absolute in the mail. */
function SignatureImg({ image, origin, onPage }: { image: SignatureImage; origin: string; onPage: boolean }) {
  return (
    <img
      src={onPage ? image.png : new URL(image.png, origin).toString()}
      width={image.width}
      height={image.height}
      alt={image.alt}
      className={onPage ? "inline-block h-auto max-w-full" : undefined}
    />
  );
}
