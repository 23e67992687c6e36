import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; server.js reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The browser learns the routes of the page it loads, and each other one as it is navigated to
  // (docs/decisions/267-routes-learned-on-navigation.md); vite.config.ts keeps it from fetching,
  // after hydration, the routes the page's links lead to.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
