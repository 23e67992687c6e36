import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { GetModuleInfo } from "rollup";
import { defineConfig, type Plugin } from "vite";
import { SERVER_EXTERNAL_PACKAGES } from "./server/external-packages";

/**
 * With lazy route discovery (react-router.config.ts), React Router's browser code also asks the
 * server, once the page has hydrated, for the routes its `<Link>`s and `<Form>`s lead to, and
 * patching them in renders the whole page a second time: work on a slow phone's main thread, for
 * a navigation that may never come (docs/decisions/267-routes-learned-on-navigation.md). This
 * edit turns that effect off in the client build; a navigation still asks for its route first,
 * through `patchRoutesOnNavigation`. After a React Router upgrade that changed the text, the
 * build fails here instead of silently discovering again.
 */
function routesDiscoveredOnNavigation(): Plugin {
  const find = `React7.useEffect(() => {
    if (!isFogOfWarEnabled(routeDiscovery, ssr) || // @ts-expect-error - TS doesn't know about this yet
    window.navigator?.connection?.saveData === true) {`;
  const replace = `React7.useEffect(() => {
    if (true) {`;
  let applied = false;
  return {
    name: "routes-discovered-on-navigation",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !/node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return;
      if (!code.includes(find)) return;
      applied = true;
      return { code: code.replace(find, replace), map: null };
    },
    buildEnd() {
      if (this.environment.name !== "client" || applied) return;
      this.error(`React Router's route discovery changed; not found:\n${find}`);
    },
  };
}

/**
 * The features' front doors (app/features/<name>/index.ts and index.server.ts) opened for the
 * bundler: an import from one becomes imports from the modules that define the names it takes, as
 * they were written before the front doors. A front door re-exports all a feature offers, and
 * Rollup would otherwise run (and shellChunks below walk) every module behind it for any one name:
 * /home's first visit grew by three files and a dashboard tab's by the donation panel. The lint
 * holds the source to the front doors (docs/decisions/265-features-through-front-doors.md).
 */
function frontDoorsOpened(): Plugin {
  const doorImport =
    /import\s+(type\s+)?\{([^}]*)\}\s*from\s*"#app\/features\/([^/"]+)\/(index(?:\.server)?)";/g;
  const reExport = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*"\.\/([^"]+)";/g;
  const doors = new Map<string, Map<string, string>>();
  /** Each name a front door exports, and the module (as an #app/ specifier) that defines it. */
  function namesOf(feature: string, door: string): Map<string, string> {
    const key = `${feature}/${door}`;
    let names = doors.get(key);
    if (!names) {
      names = new Map();
      const source = readFileSync(path.resolve("app/features", `${key}.ts`), "utf8");
      for (const [, , list, module] of source.matchAll(reExport)) {
        for (const name of list.split(",")) {
          const bare = name.replace(/^\s*type\s+/, "").trim();
          if (bare) names.set(bare, `#app/features/${feature}/${module}`);
        }
      }
      doors.set(key, names);
    }
    return names;
  }
  return {
    name: "front-doors-opened",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/app/") || !code.includes("#app/features/")) return;
      const edited = code.replace(doorImport, (whole, typeOnly, list, feature, door) => {
        const names = namesOf(feature, door);
        const byModule = new Map<string, string[]>();
        for (const taken of list.split(",").map((name: string) => name.trim())) {
          if (!taken) continue;
          const module = names.get(taken.replace(/^type\s+/, "").split(/\s+as\s+/)[0]);
          if (!module) return whole;
          byModule.set(module, [...(byModule.get(module) ?? []), taken]);
        }
        return [...byModule]
          .map(
            ([module, taken]) =>
              `import ${typeOnly ?? ""}{ ${taken.join(", ")} } from "${module}";`,
          )
          .join("\n");
      });
      return edited === code ? undefined : { code: edited, map: null };
    },
  };
}

/** React, React DOM, React Router and the scheduler. */
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler)\//;

/**
 * Asks V8 to compile every function of React's and React Router's chunks while the file streams
 * in, on a background thread, instead of one by one on the main thread as the page hydrates
 * (a V8 explicit compile hint: the magic comment must open the file).
 */
function compileFrameworkEagerly(): Plugin {
  return {
    name: "compile-framework-eagerly",
    apply: "build",
    // After minifying, which would drop the comment. The file names' hashes were computed
    // without it; every build adds it the same way, so a name still stands for one content.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.moduleIds.some((id) => FRAMEWORK.test(id))) {
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      }
    },
  };
}

/**
 * React's Node renderer runs each render in an AsyncLocalStorage scope of its own, only so that
 * `React.cache` and resource hints called after an await find their render; the site uses
 * neither. Node copies that scope into everything a render starts, and what it holds, the whole
 * page being rendered, then outlived young collections: a search page promoted some 100 KB a
 * request instead of 65 (docs/decisions/208-react-renders-without-an-async-scope.md). The server
 * build gives the renderer a storage that keeps nothing, as React's edge renderer has in Node.
 */
function reactRendersWithoutAsyncScope(): Plugin {
  const nodeRenderer = /react-dom[\\/]cjs[\\/]react-dom-server\.node\.(production|development)\.js/;
  const storageWithoutScope = "\0react-render-storage";
  return {
    name: "react-renders-without-async-scope",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      const asyncHooks = source === "async_hooks" || source === "node:async_hooks";
      if (asyncHooks && importer && nodeRenderer.test(importer)) return storageWithoutScope;
    },
    load(id) {
      if (id !== storageWithoutScope) return;
      return `export class AsyncLocalStorage {
  run(_store, callback, ...args) { return callback(...args); }
  getStore() { return undefined; }
}`;
    },
  };
}

/**
 * React Router's `ServerRouter` turns the build's manifest into route objects at every render
 * (`createServerRoutes`, then `createStaticRouter`'s `convertRoutesToDataRoutes`): the same
 * objects each time, for a manifest that never changes while the server runs. On the search page
 * that was about 0.5 ms and 7 KB promoted a request
 * (docs/decisions/211-server-routes-built-once.md). The server build keeps both results, keyed
 * by the arrays they are made from. Each edit must find its text: after a React Router upgrade
 * that changed it, the build fails here instead of silently rendering as before.
 */
function serverRoutesBuiltOnce(): Plugin {
  const edits = [
    {
      find: `let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
      replace: `let routes = serverRoutesByManifest.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(
      manifest.routes,
      routeModules,
      context.future,
      context.isSpaMode
    );
    serverRoutesByManifest.set(manifest.routes, routes);
  }`,
      declaration: "const serverRoutesByManifest = new WeakMap();",
    },
    {
      find: `let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
      replace: `let converted = dataRoutesByRoutes.get(routes);
  if (!converted) {
    let manifest2 = {};
    converted = {
      manifest: manifest2,
      dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2)
    };
    dataRoutesByRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
      declaration: "const dataRoutesByRoutes = new WeakMap();",
    },
  ];
  const applied = new Set<string>();
  return {
    name: "server-routes-built-once",
    apply: "build",
    transform(code, id, options) {
      if (!options?.ssr || !/node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return;
      let edited = code;
      for (const edit of edits) {
        if (!edited.includes(edit.find)) continue;
        edited = `${edit.declaration}\n${edited.replace(edit.find, edit.replace)}`;
        applied.add(edit.find);
      }
      return edited === code ? undefined : { code: edited, map: null };
    },
    buildEnd() {
      if (this.environment.name !== "ssr") return;
      const missing = edits.filter((edit) => !applied.has(edit.find));
      if (missing.length > 0) {
        this.error(`React Router's server code changed; not found:\n${missing[0].find}`);
      }
    },
  };
}

/**
 * The modules every page runs, in as few files as their pages allow: everything the root route
 * imports statically goes into one chunk ("shell"), and what the public site's layout adds into a
 * second ("site-shell"), which the dashboard and the pre-launch page do not load. Left to itself
 * Rollup gives each module shared by two routes a chunk of its own: a first visit to /home
 * fetched 30 files, some under 500 bytes, and each one a browser starts, links and evaluates costs
 * the main thread work that a slow phone feels (docs/decisions/266-one-shell-chunk.md). Every
 * page loads both chunks' code anyway, so no page fetches a byte more. The framework is not walked
 * into: Rollup puts what the shell needs of it beside the shell's own code.
 */
function shellChunks(): (id: string, meta: { getModuleInfo: GetModuleInfo }) => string | undefined {
  const groups: [name: string, entry: string][] = [
    ["shell", path.resolve("app/root.tsx")],
    ["site-shell", path.resolve("app/site/routes/layout.tsx")],
  ];
  let chunkOf: Map<string, string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!chunkOf) {
      const assigned = new Map<string, string>();
      for (const [name, entry] of groups) {
        const pending = [entry];
        while (pending.length > 0) {
          const next = pending.pop() as string;
          if (assigned.has(next) || FRAMEWORK.test(next)) continue;
          const info = getModuleInfo(next);
          if (!info) continue;
          assigned.set(next, name);
          pending.push(...info.importedIds);
        }
      }
      chunkOf = assigned;
    }
    return chunkOf.get(id);
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build starts from our Express app, which mounts the React Router handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        // A lazily loaded chunk's own imports are fetched when it runs, not announced with
        // <link rel=modulepreload> by Vite's helper: almost all of them are on the page already,
        // and checking and adding the links cost a tap 20-70 ms on a slow phone
        // (docs/decisions/195-accessibility-panel-native-dialog.md).
        modulePreload: false,
        // Tiny shared chunks are folded into the chunks that import them: on a slow phone each
        // file costs a request and a round trip, more than a few bytes fetched twice
        // (docs/decisions/108-first-paint-from-html-and-css.md). Below 500 bytes only: larger
        // folds put constants and components of other pages into chunks /home loads, code it never
        // runs (docs/decisions/248-smaller-chunks-folded.md).
        rollupOptions: { output: { experimentalMinChunkSize: 500, manualChunks: shellChunks() } },
      },
  // The dependencies are bundled into the server build, but for the few that load files of their
  // own: Node resolved, read and compiled some 1,300 modules at every start, and only the icons
  // the app uses are kept (docs/decisions/199-icons-bundled-into-the-server.md,
  // docs/decisions/204-dependencies-bundled-into-the-server.md). Development and the tests load
  // the packages as Node does.
  ssr: command === "build" ? { noExternal: true, external: [...SERVER_EXTERNAL_PACKAGES] } : {},
  plugins: [
    frontDoorsOpened(),
    tailwindcss(),
    reactRouter(),
    compileFrameworkEagerly(),
    reactRendersWithoutAsyncScope(),
    serverRoutesBuiltOnce(),
    routesDiscoveredOnNavigation(),
  ],
}));
