import { index, type RouteConfig } from "@react-router/dev/routes";

// One line per URL of the spec's route table (section 2). Unknown paths fall to root's 404.
export default [index("routes/home.tsx")] satisfies RouteConfig;
