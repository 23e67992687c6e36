import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { init, parse } from "es-module-lexer";
import { expect, it } from "vitest";
import { SERVER_EXTERNAL_PACKAGES } from "../../server/external-packages";
import { BUILD_DIR, ROOT, requireBuild } from "./harness";

/** The package a bare specifier names: "@scope/name/sub" -> "@scope/name", "name/sub" -> "name". */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return parts.slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

/** Every package the built server imports, statically or not, apart from Node's own modules. */
async function packagesImportedBy(directory: string): Promise<string[]> {
  await init;
  const packages = new Set<string>();
  const files = readdirSync(directory, { recursive: true, encoding: "utf8" });
  for (const file of files.filter((name) => name.endsWith(".js"))) {
    const [imports] = parse(readFileSync(path.join(directory, file), "utf8"));
    for (const { n: specifier } of imports) {
      // A dynamic import of a computed name has none; relative ones are the build's own chunks.
      if (!specifier || specifier.startsWith(".")) continue;
      if (specifier.startsWith("node:") || builtinModules.includes(specifier)) continue;
      packages.add(packageOf(specifier));
    }
  }
  return [...packages].sort();
}

// docs/decisions/204-dependencies-bundled-into-the-server.md: a dependency Node would load from
// node_modules costs every start its resolution, reading and compiling.
it("leaves in node_modules only the packages that load files of their own", async () => {
  requireBuild();
  const imported = await packagesImportedBy(path.join(ROOT, BUILD_DIR, "server"));
  expect(imported).toEqual([...SERVER_EXTERNAL_PACKAGES].sort());
});
