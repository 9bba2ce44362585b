import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// One line per URL of the spec's route table (section 2). Unknown paths fall to root's 404.
export default [
  index("routes/home.tsx"),
  route("/login", "routes/login.tsx"),
  route("/logout", "routes/logout.tsx"),
  route("/contact", "routes/contact.tsx"),
  // The admin dashboard: a layout (the frame, and the admin check in its middleware) around /admin, whose
  // `?tab=` picks one of the tab modules inside. The tabs are registered without a path, so no URL matches
  // them on their own: /admin runs their loaders and actions, and being route modules, their server code
  // stays out of the browser's bundle.
  layout("routes/admin/layout.tsx", [
    route("/admin", "routes/admin/dashboard.tsx", [
      layout("routes/admin/pending-users.tsx"),
      layout("routes/admin/users.tsx"),
      layout("routes/admin/contacts.tsx"),
      layout("routes/admin/activity.tsx"),
    ]),
  ]),
  // The Activity tab's CSV file: GET only, so outside the layout (whose check would otherwise answer a POST
  // before the 405); the export checks the caller itself.
  route("/admin/activity.csv", "routes/admin/activity.csv.ts"),
  route("/account", "routes/account.tsx"),
  route("/confirm-email", "routes/confirm-email.tsx"),
  route("/forgot-password", "routes/forgot-password.tsx"),
  route("/reset-password", "routes/reset-password.tsx"),
  route("/confirm-email-change", "routes/confirm-email-change.tsx"),
  route("/privacy/request", "routes/privacy-request.tsx"),
  route("/privacy/request/data.json", "routes/privacy-data-file.ts"),

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
  route("/privacy", "routes/privacy.tsx"),

  route("/sitemap.xml", "routes/sitemap.ts"),
  route("/robots.txt", "routes/robots.ts"),

  // The JSON API (spec section 7)
  ...prefix("/api", [
    route("/auth/me", "routes/api/auth.me.ts"),
    route("/auth/logout", "routes/api/auth.logout.ts"),
    route("/auth/confirm-email", "routes/api/auth.confirm-email.ts"),
    route("/auth/forgot-password", "routes/api/auth.forgot-password.ts"),
    route("/auth/reset-password", "routes/api/auth.reset-password.ts"),
    route("/login", "routes/api/login.ts"),
    route("/account", "routes/api/account.ts"),
    route("/account/sessions", "routes/api/account.sessions.ts"),
    route("/account/sessions/:id", "routes/api/account.session.ts"),
    route("/account/activity", "routes/api/account.activity.ts"),
    route("/account/password", "routes/api/account.password.ts"),
    route("/account/email", "routes/api/account.email.ts"),
    route("/account/confirm-email-change", "routes/api/account.confirm-email-change.ts"),
    route("/account/export", "routes/api/account.export.ts"),
    route("/privacy/request", "routes/api/privacy.request.ts"),
    route("/privacy/export", "routes/api/privacy.export.ts"),
    route("/privacy/erase", "routes/api/privacy.erase.ts"),
    route("/register", "routes/api/register.ts"),
    route("/user-types", "routes/api/user-types.ts"),
    route("/contact", "routes/api/contact.ts"),
    route("/admin/pending-users", "routes/api/admin.pending-users.ts"),
    route("/admin/contacts", "routes/api/admin.contacts.ts"),
    route("/admin/users", "routes/api/admin.users.ts"),
    route("/admin/activity", "routes/api/admin.activity.ts"),
    route("/admin/approve-user/:id", "routes/api/admin.approve-user.ts"),
    route("/admin/reject-user/:id", "routes/api/admin.reject-user.ts"),
    route("/admin/deactivate-user/:id", "routes/api/admin.deactivate-user.ts"),
    route("/admin/reactivate-user/:id", "routes/api/admin.reactivate-user.ts"),
    route("/admin/mark-contact-processed/:id", "routes/api/admin.mark-contact-processed.ts"),
    route("/video/:name", "routes/api/video.ts"),
    route("/*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
