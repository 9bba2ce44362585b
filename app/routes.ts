import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// One line per URL of the spec's route table (section 2). Unknown paths fall to root's 404.
export default [
  index("routes/home.tsx"),
  route("/login", "routes/login.tsx"),
  route("/logout", "routes/logout.tsx"),

  // Content pages

  // The JSON API (spec section 7)
  ...prefix("/api", [
    route("/auth/me", "routes/api/auth.me.ts"),
    route("/auth/logout", "routes/api/auth.logout.ts"),
    route("/login", "routes/api/login.ts"),
    route("/register", "routes/api/register.ts"),
    route("/user-types", "routes/api/user-types.ts"),
  ]),
] satisfies RouteConfig;
