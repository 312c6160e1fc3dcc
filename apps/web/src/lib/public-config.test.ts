// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@wonderkin/contract/rules";
import { afterEach, expect, it, vi } from "vitest";
import { embeddedPublicConfig, getPublicConfigQueryOptions } from "./public-config";

const config = {
  appName: "Wonderkin",
  socialProviders: ["google"],
  photos: { min: 10, max: 30, maxMegabytes: 15 },
  faceDetection: true,
  previews: null,
  retention: { trainingPhotosDays: 30, unverifiedAccountDays: 14 },
  samples: {},
  shareLinkDays: 7,
  safety: { screening: true, quarantineDays: 0 },
};

afterEach(() => {
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

function embed(text: string) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = PUBLIC_CONFIG_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

it("reads the configuration the server embedded in the page, without a request", async () => {
  embed(JSON.stringify(config));
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  expect(embeddedPublicConfig()).toEqual(config);
  const queryClient = new QueryClient();
  expect(await queryClient.fetchQuery(getPublicConfigQueryOptions())).toEqual(config);
  expect(fetch).not.toHaveBeenCalled();
});

it("asks /api/config when the page has none, or an unreadable one", async () => {
  embed("{not json");
  expect(embeddedPublicConfig()).toBeUndefined();
  const fetch = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
  vi.stubGlobal("fetch", fetch);
  const queryClient = new QueryClient();
  expect(await queryClient.fetchQuery(getPublicConfigQueryOptions())).toEqual(config);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("/api/config");
});
