/// <reference types="vitest/config" />
import { defineConfig, searchForWorkspaceRoot } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

// Django serves dist/index.html for every app path and the built assets under /static/
// (whitenoise), so asset URLs must start with /static/.
export default defineConfig({
  base: "/static/",
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    // /learn/older-code imports ../docs/from-the-articles.md (src/app/routes/OlderCodePage.tsx).
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), fileURLToPath(new URL("../docs", import.meta.url))] },
    // `npm run dev` against a local Django on :8000 (optional; Django serves the build too).
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/ws": { target: "ws://127.0.0.1:8000", ws: true },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
