import path from "node:path";
import { build, minifySync, type Plugin, type Rolldown } from "vite";
import {
  ISLAND_ENTRIES,
  type IslandChunkMap,
  type IslandName,
  islandStarterSource,
} from "../app/lib/islands.ts";

// The islands' JavaScript (app/lib/islands.ts), bundled on its own while the client is built: a bundle
// apart from React Router's, so the router pages' chunks stay as they are and an island loads only its
// own chunk, React DOM and the code the islands share (three requests), and the form's schema or the
// passkey helpers when they are needed. The chunks join the client's assets under /assets/islands/, and
// their names reach the Worker, built after the client, as `virtual:island-chunks`, with the starter
// that loads them, minified (it is inlined in every island page). In development the entries are served
// from source, each behind React Router's HMR preamble, and the starter is left as written.

const VIRTUAL_ID = "virtual:island-chunks";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** In development: an island's entry behind React Router's HMR preamble, which its modules expect. */
const DEV_ENTRY_PREFIX = "virtual:island-dev-entry/";
const OUTPUT = "assets/islands/[name]-[hash].js";

export function islandChunks({ appDirectory }: { appDirectory: string }): Plugin {
  const entries = Object.entries(ISLAND_ENTRIES).map(([name, file]) => ({
    name: name as IslandName,
    file: path.resolve(appDirectory, file),
  }));
  let built: IslandChunkMap | null = null;
  let serving = false;
  let base = "/";
  let root = process.cwd();

  async function bundleIslands(): Promise<Rolldown.OutputChunk[]> {
    const result = await build({
      configFile: false,
      root,
      base,
      mode: "production",
      logLevel: "warn",
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      resolve: { alias: { "~": appDirectory } },
      oxc: { jsx: { runtime: "automatic" } },
      build: {
        write: false,
        minify: true,
        copyPublicDir: false,
        // Library mode: no module-preload helper around the lazy imports (the schema, the passkey helpers).
        lib: { entry: Object.fromEntries(entries.map((entry) => [entry.name, entry.file])), formats: ["es"] },
        rolldownOptions: {
          output: {
            entryFileNames: OUTPUT,
            chunkFileNames: OUTPUT,
            // As every client chunk (vite.config.ts): the island runs as soon as it arrives.
            postBanner: "//# allFunctionsCalledOnLoad",
            // Library mode leaves whitespace and pure annotations in ES output; these chunks are for
            // browsers only, so neither is kept (as in the client build's chunks).
            minify: true,
            comments: false,
            codeSplitting: {
              groups: [
                {
                  name: "react-dom",
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  tags: ["$initial"],
                  priority: 2,
                },
                { name: "islands", minShareCount: 2, tags: ["$initial"], priority: 1 },
              ],
            },
          },
        },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs.flatMap((output) => output.output.filter((item) => item.type === "chunk"));
  }

  return {
    name: "facets:island-chunks",
    sharedDuringBuild: true,
    configResolved(config) {
      serving = config.command === "serve";
      base = config.base;
      root = config.root;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const chunks = await bundleIslands();
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const imports = (fileName: string, seen = new Set<string>()): Set<string> => {
        for (const imported of byName.get(fileName)?.imports ?? []) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          imports(imported, seen);
        }
        return seen;
      };
      const map: Partial<IslandChunkMap> = {};
      for (const entry of entries) {
        const chunk = chunks.find((c) => c.isEntry && c.facadeModuleId === entry.file);
        if (!chunk) this.error(`The island "${entry.name}" has no chunk.`);
        map[entry.name] = {
          entry: `${base}${chunk.fileName}`,
          imports: [...imports(chunk.fileName)].map((fileName) => `${base}${fileName}`),
        };
      }
      for (const chunk of chunks)
        this.emitFile({ type: "asset", fileName: chunk.fileName, source: chunk.code });
      built = map as IslandChunkMap;
    },
    resolveId(id) {
      if (id === VIRTUAL_ID || id.startsWith(DEV_ENTRY_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      const devEntry = entries.find((entry) => id === `\0${DEV_ENTRY_PREFIX}${entry.name}`);
      if (devEntry) {
        return [
          `import "virtual:react-router/inject-hmr-runtime";`,
          `await import(${JSON.stringify(`${base}${path.relative(root, devEntry.file)}`)});`,
        ].join("\n");
      }
      if (id !== RESOLVED_ID) return;
      if (serving) {
        const source = Object.fromEntries(
          entries.map((entry) => [
            entry.name,
            { entry: `${base}@id/__x00__${DEV_ENTRY_PREFIX}${entry.name}`, imports: [] },
          ]),
        );
        return `export default ${JSON.stringify(source)};\nexport const starter = ${JSON.stringify(islandStarterSource(source))};`;
      }
      if (!built) this.error("The island chunks are read before the client build wrote them.");
      const starter = minifySync("island-starter.js", islandStarterSource(built), {
        compress: true,
        mangle: true,
      });
      if (starter.errors.length > 0)
        this.error(`The island starter did not minify: ${starter.errors[0]?.message}`);
      return `export default ${JSON.stringify(built)};\nexport const starter = ${JSON.stringify(starter.code.trim())};`;
    },
  };
}
