// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { PRERENDERED_PAGE_ELEMENT_ID } from "@wonderkin/contract/rules";
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/routes";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { sessionQueryKey } from "@/entities/session/get-session";
import { replacePrerenderedPageWhenRendered } from "@/lib/prerendered-page";
import { getPublicConfigQueryOptions } from "@/lib/public-config";
import { deploymentConfig } from "./deployment-config.fixture";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

/** The page as the server sends it: the copy, then the app's empty root. */
function servedPage(copy = "<main><h1>Welcome back</h1></main>"): HTMLElement {
  document.body.innerHTML = `<div id="${PRERENDERED_PAGE_ELEMENT_ID}" inert>${copy}</div><div id="root"></div>`;
  const root = document.getElementById("root");
  if (!root) throw new Error("no root");
  return root;
}

/** The app started into the served page's root, as main.tsx does. */
async function startApp(rootElement: HTMLElement, queryClient: QueryClient, page: ReactNode) {
  const root = createRoot(rootElement);
  await act(async () => root.render(<QueryClientProvider client={queryClient}>{page}</QueryClientProvider>));
  return root;
}

const copyShown = () => document.getElementById(PRERENDERED_PAGE_ELEMENT_ID) !== null;

describe("the server's copy of a page, in the browser", () => {
  it("stays, with the loading screen out of sight, until the app renders, and then makes way", async () => {
    const rootElement = servedPage();
    replacePrerenderedPageWhenRendered(rootElement);
    const root = createRoot(rootElement);
    await act(async () => root.render(<LoadingScreen />));
    expect(copyShown()).toBe(true);
    expect(rootElement.childElementCount).toBe(0);

    await act(async () => root.render(<p>The page</p>));
    expect(copyShown()).toBe(false);
    expect(rootElement.hidden).toBe(false);
    expect(rootElement.textContent).toBe("The page");

    // A later wait (a redirect's next page loading) shows the loading screen again.
    await act(async () => root.render(<LoadingScreen />));
    expect(screen.getByTestId("loading-screen")).toBeTruthy();
    act(() => root.unmount());
  });

  it("with the app's query client, stays over a hidden root until the app has its answers, then goes in one piece", async () => {
    const rootElement = servedPage();
    const queryClient = new QueryClient();
    replacePrerenderedPageWhenRendered(rootElement, queryClient);
    // The frames the app draws on the way are never laid out (decision 0066).
    expect(rootElement.hidden).toBe(true);
    let answer: (text: string) => void = () => undefined;
    const answered = new Promise<string>((resolve) => {
      answer = resolve;
    });
    function Page() {
      const text = useQuery({ queryKey: ["page"], queryFn: () => answered });
      return <p>{text.data ?? "Loading the page"}</p>;
    }
    const root = await startApp(rootElement, queryClient, <Page />);
    expect(rootElement.textContent).toBe("Loading the page");
    expect(copyShown()).toBe(true);
    expect(rootElement.hidden).toBe(true);

    await act(async () => {
      answer("The page");
      await answered;
    });
    await waitFor(() => expect(copyShown()).toBe(false));
    expect(rootElement.hidden).toBe(false);
    expect(rootElement.textContent).toBe("The page");
    act(() => root.unmount());
    queryClient.clear();
  });

  it("does not keep the copy past five seconds for an answer that does not come", async () => {
    vi.useFakeTimers();
    try {
      const rootElement = servedPage();
      const queryClient = new QueryClient();
      replacePrerenderedPageWhenRendered(rootElement, queryClient);
      function Page() {
        useQuery({ queryKey: ["never"], queryFn: () => new Promise<string>(() => undefined) });
        return <p>Still waiting</p>;
      }
      const root = await startApp(rootElement, queryClient, <Page />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4900);
      });
      expect(copyShown()).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(copyShown()).toBe(false);
      expect(rootElement.hidden).toBe(false);
      act(() => root.unmount());
      queryClient.clear();
    } finally {
      vi.useRealTimers();
    }
  });

  it("is the app's own first render of the page, for a signed-out visitor", async () => {
    // The copy as the server renders it (here in the same document, which jsdom allows).
    const { renderPublicPage } = await import("./render-public-page");
    for (const path of ["/sign-in", "/sign-up", "/privacy-policy"]) {
      const copy = (await renderPublicPage(path, deploymentConfig)) ?? "";
      servedPage(copy);
      const copyElement = document.getElementById(PRERENDERED_PAGE_ELEMENT_ID);

      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, deploymentConfig);
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      const app = render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
        { container: document.body.appendChild(document.createElement("div")) },
      );
      await within(app.container).findAllByRole("heading", { level: 1 });
      expect(comparable(app.container), path).toEqual(comparable(copyElement));
      app.unmount();
      queryClient.clear();
    }
  });
});

/** React's ids, which differ between a server and a browser render (and SVG references to them). */
const REACT_ID_ATTRIBUTES = new Set(["id", "for", "aria-describedby", "aria-labelledby", "aria-controls"]);

/**
 * The element's content as lines of tags with their attributes sorted and texts joined: what a
 * server render and a browser render of the same page share (they differ in attribute order, text
 * separators, React's ids and markers).
 */
function comparable(element: Element | null): string[] {
  const lines: string[] = [];
  const walk = (node: Node, depth: number) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? "";
      const last = lines.at(-1);
      if (last?.startsWith(`${"  ".repeat(depth)}"`))
        lines[lines.length - 1] = `${last.slice(0, -1)}${text}"`;
      else if (text) lines.push(`${"  ".repeat(depth)}"${text}"`);
      return;
    }
    // A boundary that waits for a module on the server (the header's account actions) leaves an empty
    // <template> where the browser shows its fallback: it renders nothing.
    if (!(node instanceof Element) || node.tagName === "TEMPLATE") return;
    const attributes = [...node.attributes]
      .map(({ name, value }) => {
        if (REACT_ID_ATTRIBUTES.has(name)) return name;
        // Written as the server wrote it, or as the browser's style object serialises it.
        if (name === "style" && node instanceof HTMLElement) return `style=${node.style.cssText}`;
        return `${name}=${value.replace(/url\(#[^)]*\)/, "url(#)")}`;
      })
      .sort();
    lines.push(`${"  ".repeat(depth)}<${node.tagName.toLowerCase()} ${attributes.join(" ")}>`);
    for (const child of node.childNodes) walk(child, depth + 1);
  };
  for (const child of element?.childNodes ?? []) walk(child, 0);
  return lines;
}
