import { describe, expect, it } from "vitest";
import { EXPORT_FORMAT } from "../../app/server/account/personal-data.server";
import { TOKEN_LIFETIME_SECONDS } from "../../app/server/identity/account-tokens.server";
import { INTERRUPTED_ACTION_SECONDS } from "../../app/server/identity/interrupted-actions.server";
import {
  ACCOUNT_EVENT_RETENTION_DAYS,
  MAIL_RETENTION_DAYS,
} from "../../app/server/scheduled/retention.server";
import { fetchPage, fetchWorker, NO_SCRIPTS, textOf } from "./support";

// /privacy: a content page, served prerendered with no script, that names what the code
// stores, where, for how long, and the fields of the data copy; linked from the footer and the two forms.

describe("/privacy", () => {
  it("is a prerendered content page with no script", async () => {
    const { response, html } = await fetchPage("/privacy");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toMatch(NO_SCRIPTS);
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(html).toMatch(/<h1[^>]*>Privacy notice<\/h1>/);
  });

  it("names where the data lives and each retention the code applies", async () => {
    const text = textOf((await fetchPage("/privacy")).html);
    for (const place of ["Cloudflare D1", "Workers KV", "Cloudflare R2", "Queues", "Email Service"]) {
      expect(text).toContain(place);
    }
    expect(ACCOUNT_EVENT_RETENTION_DAYS).toBe(365);
    expect(text).toContain("One year");
    expect(text).toContain(`${MAIL_RETENTION_DAYS} days after the email`);
    expect(TOKEN_LIFETIME_SECONDS).toEqual({
      "confirm-email": 24 * 3600,
      "reset-password": 30 * 60,
      "enrol-second-factor": 3600,
    });
    expect(text).toContain("Valid 24 hours");
    expect(text).toContain("Valid 30 minutes");
    expect(text).toContain("Valid 1 hour");
    expect(INTERRUPTED_ACTION_SECONDS).toBe(10 * 60);
    expect(text).toContain("Usable 10 minutes, by the session that started it");
    expect(text).toContain("10 days without use, 30 days at most");
    expect(text).toMatch(/GDPR \(Articles 15, 16, 17, 20 and 21\)/);
    expect(text).toContain("POPIA (sections 23 and 24)");
    expect(text).toContain("Information Regulator");
  });

  it("documents every field of the data copy", async () => {
    const text = textOf((await fetchPage("/privacy")).html);
    expect(text).toContain(EXPORT_FORMAT);
    for (const field of [
      "exportedAt",
      "account",
      "firstName",
      "areaOfInterest",
      "status",
      "emailConfirmedAt",
      "approvedAt",
      "rejectedAt",
      "contactMessages",
      "paymentMethod",
      "processedAt",
      "emails",
      "subject",
      "state",
      "sessions",
      "lastSeenAt",
      "accountEvents",
      "outcome",
      "userAgent",
      "country",
    ]) {
      expect(text, field).toContain(field);
    }
  });

  it("is linked from the footer, the registration form and the contact form", async () => {
    for (const path of ["/insure", "/login?tab=register", "/contact", "/"]) {
      const html = await (await fetchWorker(path)).text();
      expect(html, path).toContain('href="/privacy"');
    }
    const register = await (await fetchWorker("/login?tab=register")).text();
    const form = register.slice(register.indexOf('aria-label="Register"'));
    expect(form.slice(0, form.indexOf("</form>"))).toContain('href="/privacy"');
    const contact = await (await fetchWorker("/contact")).text();
    const contactForm = contact.slice(contact.indexOf("<form"));
    expect(contactForm.slice(0, contactForm.indexOf("</form>"))).toContain('href="/privacy"');
  });
});
