import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// One line per URL of the spec's route table (section 2). Unknown paths fall to root's 404.
export default [
  index("routes/home.tsx"),
  route("/login", "routes/login.tsx"),
  route("/logout", "routes/logout.tsx"),
  route("/contact", "routes/contact.tsx"),
  route("/admin", "routes/admin.tsx"),

  // Content pages
  route("/insure", "routes/insure.tsx"),
  route("/gold", "routes/gold.tsx"),
  route("/capital", "routes/capital.tsx"),
  route("/africa", "routes/africa.tsx"),
  route("/mobile1", "routes/mobile1.tsx"),
  route("/funeral", "routes/funeral.tsx"),
  route("/motorclub", "routes/motorclub.tsx"),
  route("/propertyclub", "routes/propertyclub.tsx"),
  route("/facets-token", "routes/facets-token.tsx"),
  route("/ip-token", "routes/ip-token.tsx"),
  route("/lab-tokens", "routes/lab-tokens.tsx"),
  route("/leadership", "routes/leadership.tsx"),
  route("/engineering", "routes/engineering.tsx"),
  route("/media", "routes/media.tsx"),
  route("/pilots-demos", "routes/pilots-demos.tsx"),
  route("/home-experiment", "routes/home-experiment.tsx"),
  route("/facetsre", "routes/facetsre.tsx"),
  route("/workzone", "routes/workzone.tsx"),
  route("/facets-gold-logo", "routes/facets-gold-logo.tsx"),
  route("/email-dao", "routes/email-dao.tsx"),
  route("/email-dao-simple", "routes/email-dao-simple.tsx"),
  route("/email", "routes/email.tsx"),
  route("/email-image", "routes/email-image.tsx"),

  route("/sitemap.xml", "routes/sitemap.ts"),
  route("/robots.txt", "routes/robots.ts"),

  // The JSON API (spec section 7)
  ...prefix("/api", [
    route("/auth/me", "routes/api/auth.me.ts"),
    route("/auth/logout", "routes/api/auth.logout.ts"),
    route("/login", "routes/api/login.ts"),
    route("/register", "routes/api/register.ts"),
    route("/user-types", "routes/api/user-types.ts"),
    route("/contact", "routes/api/contact.ts"),
    route("/admin/pending-users", "routes/api/admin.pending-users.ts"),
    route("/admin/contacts", "routes/api/admin.contacts.ts"),
    route("/admin/approve-user/:id", "routes/api/admin.approve-user.ts"),
    route("/admin/mark-contact-processed/:id", "routes/api/admin.mark-contact-processed.ts"),
    route("/video/:name", "routes/api/video.ts"),
  ]),
] satisfies RouteConfig;
