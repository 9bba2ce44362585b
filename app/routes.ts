import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// One line per URL of the spec's route table (section 2). Unknown paths fall to root's 404.
export default [
  index("routes/home.tsx"),
  route("/login", "routes/login.tsx"),
  route("/logout", "routes/logout.tsx"),
  route("/contact", "routes/contact.tsx"),
  route("/admin", "routes/admin.tsx"),

  // Content pages

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
  ]),
] satisfies RouteConfig;
