import { renderToStaticMarkup } from "react-dom/server";
import type { SignatureVariant } from "~/content/email-signatures";
import { Signature } from "./email-signature";

/**
 * The signature as HTML source to paste into a mail client: absolute addresses on the production
 * origin, PNG images, no classes; a line break after each line of the signature so it reads as written.
 */
export function signatureHtml(variant: SignatureVariant, origin: string): string {
  return (
    renderToStaticMarkup(<Signature variant={variant} origin={origin} target="mail" />)
      // React 19 puts a <link rel="preload"> for each image in front: a page's head wants it, a signature not.
      .replace(/<link rel="preload"[^>]*>/g, "")
      .replace(/<br\/>|<\/p>/g, "$&\n")
  );
}
