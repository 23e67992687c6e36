import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts from our Express app, which mounts the React Router handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : // Tiny shared chunks are folded into the chunks that import them: on a slow phone each file
      // costs a request and a round trip, more than a few bytes fetched twice
      // (docs/decisions/108-first-paint-from-html-and-css.md).
      { rollupOptions: { output: { experimentalMinChunkSize: 2_000 } } },
  plugins: [tailwindcss(), reactRouter()],
}));
