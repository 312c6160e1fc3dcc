import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { stripSonnerStyleInjection } from "./vite-plugins/strip-sonner-style-injection";

// In development the API runs on its own port (npm run dev starts both); Vite proxies /api to it so
// the browser sees one origin, exactly as in production where the server serves the built app.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;

export default defineConfig({
  plugins: [stripSonnerStyleInjection(), react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: {
    sourcemap: true,
    target: "es2022",
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The style catalogue (≈ 10 KB gzipped of titles, prompts and art) is its own chunk, loaded
        // by the pages that show styles; otherwise it joins the shared chunk every page loads.
        advancedChunks: {
          groups: [{ name: "catalogue", test: /packages[\\/]contract[\\/]src[\\/]catalogue[\\/]/ }],
        },
      },
    },
  },
});
