// Vite builds the browser client into the Python package (src/onmars/server/static), which the
// server ships as package data: no source maps, content-hashed names, nothing time-dependent.
import { defineConfig } from "vite";

// The API the dev server forwards to (`onmars serve` on its default port).
const api = "http://127.0.0.1:8000";

export default defineConfig({
  base: "/",
  esbuild: { jsx: "automatic", jsxImportSource: "preact", legalComments: "none" },
  build: {
    outDir: "../src/onmars/server/static",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2020",
    assetsInlineLimit: 0,
    reportCompressedSize: true,
  },
  server: { proxy: { "/api": { target: api, ws: true, changeOrigin: true } } },
  preview: { proxy: { "/api": { target: api, ws: true, changeOrigin: true } } },
});
