import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { adminTabs } from "./lib/admin/tabs";
import { placeholderPages } from "./lib/site";

export default [
  // The pre-launch page stands alone: its own footer, no navigation bar (D1).
  route("launch", "routes/launch.tsx"),
  layout("routes/site-layout.tsx", [
    index("routes/index.tsx"),
    route("home", "routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("volunteer", "routes/volunteer.tsx"),
    route("partnerships", "routes/partnerships.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    // Resources library (issue: resources).
    route("resources", "routes/resources/index.tsx"),
    route("resources/upload", "routes/resources/upload.tsx"),
    route("files/:key", "routes/files.tsx"),
    // Staff sign-in (issue: dashboard).
    route("login", "routes/login.tsx"),
    route("logout", "routes/logout.ts"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("api/auth/*", "routes/api/auth.ts"),
    ...Object.keys(placeholderPages).map((path) =>
      route(path.slice(1), "routes/placeholder.tsx", { id: `placeholder${path}` }),
    ),
    route("*", "routes/not-found.tsx"),
  ]),
  // Staff dashboard (issue: dashboard).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    // One module per tab, named after its slug.
    ...adminTabs.map((tab) => route(tab.slug, `routes/admin/${tab.slug}.tsx`)),
  ]),
  route("admin/export/:file", "routes/admin/export.ts"),
] satisfies RouteConfig;
