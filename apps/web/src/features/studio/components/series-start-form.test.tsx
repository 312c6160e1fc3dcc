// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPortraitSeriesEndpoint, type Endpoint, type PortraitSeries } from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "@/lib/api-client";
import { SeriesStartForm } from "./series-start-form";

// The network boundary: the mutation and the form above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const clients: QueryClient[] = [];
beforeEach(() => {
  callApiMock.mockReset();
});
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
});

const made = (request: { childId: number; styleId: string }): PortraitSeries => ({
  id: "series-1",
  childId: request.childId,
  styleId: request.styleId,
  remindOn: { month: 3, day: 14, source: "birthday" },
  nextReminderOn: "2027-03-14",
  remindedYears: [],
  years: [],
  posterUrl: null,
  createdAt: "2026-11-29T10:00:00Z",
});

function renderForm(
  child: { id: number; firstName: string; birthDate: string | null },
  series: PortraitSeries[] = [],
) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  clients.push(queryClient);
  callApiMock.mockImplementation(async (endpoint: Endpoint, request) => {
    if (endpoint !== createPortraitSeriesEndpoint) throw new Error(`unexpected call to ${endpoint.path}`);
    return { series: made(request as { childId: number; styleId: string }) };
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SeriesStartForm
        child={child}
        familyId="family-1"
        madeStyleIds={["fairy", "astronaut"]}
        series={series}
      />
    </QueryClientProvider>,
  );
}

const sent = () => callApiMock.mock.calls.map(([, request]) => request);

describe("starting a yearly series", () => {
  it("offers the child's own styles first and reminds on the birthday unless another day is picked", async () => {
    const user = userEvent.setup();
    renderForm({ id: 7, firstName: "Theo", birthDate: "2019-03-14" }, [
      made({ childId: 7, styleId: "astronaut" }),
    ]);
    const style = screen.getByRole("combobox", { name: "Style" });
    // Fairy is Theo's and not a series yet; astronaut is one already, so it is not offered.
    expect((style as HTMLSelectElement).value).toBe("fairy");
    expect(screen.queryByRole("option", { name: "Astronaut" })).toBeNull();
    expect(
      (screen.getByRole("checkbox", { name: "On Theo's birthday, 14 March" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByRole("combobox", { name: "Month" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Start the yearly series" }));
    await waitFor(() => expect(sent()).toEqual([{ childId: 7, styleId: "fairy" }]));
  });

  it("asks for a day when only the age is known, and keeps it a real day of the month", async () => {
    const user = userEvent.setup();
    renderForm({ id: 8, firstName: "Luna", birthDate: null });
    expect(
      screen.getByText("We know Luna's age but not their birthday: pick the day each year."),
    ).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Month" }), "January");
    await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "31");
    // February has 29 days at most: the 31st becomes the 29th.
    await user.selectOptions(screen.getByRole("combobox", { name: "Month" }), "February");
    expect((screen.getByRole("combobox", { name: "Day" }) as HTMLSelectElement).value).toBe("29");
    await user.click(screen.getByRole("button", { name: "Start the yearly series" }));
    await waitFor(() =>
      expect(sent()).toEqual([{ childId: 8, styleId: "fairy", remindOn: { month: 2, day: 29 } }]),
    );
  });

  it("cannot be sent without a style", async () => {
    renderForm({ id: 9, firstName: "Mia", birthDate: "2020-05-01" });
    await userEvent.setup().selectOptions(screen.getByRole("combobox", { name: "Style" }), "");
    expect(
      (screen.getByRole("button", { name: "Start the yearly series" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
