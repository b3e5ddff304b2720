import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than our code: a separate chunk keeps them cached.
        manualChunks: (id: string) =>
          id.includes("node_modules/react") || id.includes("node_modules/scheduler")
            ? "react"
            : id.includes("node_modules/")
              ? "vendor"
              : undefined,
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/testing/setup.ts"],
    // Whole-screen tests (the settings page) take about 4 s alone; CI runs them beside the
    // server tests on two cores.
    testTimeout: 15_000,
    passWithNoTests: true,
  },
});
