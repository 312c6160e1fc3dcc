import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AppProviders, createAppQueryClient } from "./app/providers";
import { routes } from "./app/routes";
import { applyCspNonce } from "./config/csp-nonce";
import { replacePrerenderedPageWhenRendered } from "./lib/prerendered-page";
import { provideRouteQueryClient } from "./lib/route-query-client";
import "./styles.css";

applyCspNonce();
const queryClient = createAppQueryClient();
provideRouteQueryClient(queryClient);
const router = createBrowserRouter(routes);

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");
// The server's copy stays until the app's first frame has what it shows (decision 0066).
replacePrerenderedPageWhenRendered(container, queryClient);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
