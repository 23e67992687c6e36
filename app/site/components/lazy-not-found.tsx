import { lazy } from "react";

/**
 * The 404 page's body, fetched only when one is shown. The root's error boundary and the unknown
 * path's route are on every first visit (the build folds that route, a few hundred bytes, into the
 * chunk of page tags every route imports), and a static import would bring the body with them.
 */
export const LazyNotFound = lazy(() =>
  import("./not-found").then((module) => ({ default: module.NotFound })),
);
