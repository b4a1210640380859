/// <reference types="vitest/config" />
import { defineConfig, searchForWorkspaceRoot, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DIST = fileURLToPath(new URL("./dist", import.meta.url));
/** Source maps are built (for debugging a report) but kept out of what Django serves. */
const SOURCEMAPS = fileURLToPath(new URL("./sourcemaps", import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * After the build: each text asset gets a brotli (`.br`) and a gzip (`.gz`) twin, which whitenoise
 * serves to a browser that accepts them (issue 35: the class shares one Wi-Fi); source maps move to
 * frontend/sourcemaps/ so they are not public.
 */
function compressAndHideSourceMaps(): Plugin {
  return {
    name: "playground-compress-and-hide-sourcemaps",
    apply: "build",
    closeBundle() {
      rmSync(SOURCEMAPS, { recursive: true, force: true });
      for (const path of filesUnder(DIST)) {
        if (path.endsWith(".map")) {
          const target = join(SOURCEMAPS, relative(DIST, path));
          mkdirSync(join(target, ".."), { recursive: true });
          renameSync(path, target);
          continue;
        }
        if (!COMPRESSIBLE.test(path)) continue;
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// Django serves dist/index.html for every app path and the built assets under /static/
// (whitenoise), so asset URLs must start with /static/.
export default defineConfig({
  base: "/static/",
  plugins: [react(), compressAndHideSourceMaps()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  // "hidden": maps without a sourceMappingURL comment (they are not served; see above).
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, react-query, i18next and react-i18next, the
        // router, the gallery) stays in the entry chunk. Left alone, Rolldown moves a module the entry
        // shares with a lazy page into a common chunk of its own (rolldown#10731): <Trans> in the run
        // page split react-i18next and the router out, and the gallery's first page fetched 4 scripts
        // (tests/e2e/test_light.py). The $initial modules were loaded on the first page already.
        codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    // /learn/older-code imports ../docs/from-the-articles.md (src/app/routes/OlderCodePage.tsx);
    // colors.test.ts reads the built-in lessons' PriorityClasses from ../lessons.
    fs: {
      allow: [searchForWorkspaceRoot(process.cwd()), ...["../docs", "../lessons"].map((dir) => fileURLToPath(new URL(dir, import.meta.url)))],
    },
    // `npm run dev` against a local Django on :8000 (optional; Django serves the build too).
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/ws": { target: "ws://127.0.0.1:8000", ws: true },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/i18n.ts"],
  },
});
