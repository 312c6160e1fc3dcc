// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { Child } from "@wonderkin/contract";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { StudioHeader } from "./studio-header";

const child = (id: number, firstName: string): Child => ({
  id,
  firstName,
  age: 6,
  birthDate: null,
  gender: "girl",
  trainingStatus: "completed",
  trainingFailureReason: null,
  photoCount: 12,
  studioIntroSeen: true,
  createdAt: "2026-11-20T10:00:00.000Z",
});
const mia = child(7, "Mia");
const leo = child(9, "Leo");

/** The studio route, drawing the header of the child in its address. */
function Studio({ siblings }: { siblings: Child[] }) {
  const { childId } = useParams();
  const current = siblings.find((entry) => String(entry.id) === childId) ?? mia;
  return <StudioHeader child={current} siblings={siblings} description="Pick a style." />;
}

function renderStudio(siblings: Child[]) {
  return render(
    <MemoryRouter initialEntries={["/kids/children/7/magic-studio"]}>
      <Routes>
        <Route path="/kids/children/:childId/magic-studio" element={<Studio siblings={siblings} />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("the studio's children switcher", () => {
  it("is not there for an only child", () => {
    renderStudio([mia]);
    expect(screen.getByRole("heading", { name: "Mia's magic studio" })).toBeTruthy();
    expect(screen.queryByLabelText("Studio of")).toBeNull();
  });

  it("moves from Mia's studio to Leo's and back", () => {
    renderStudio([mia, leo]);
    const select = screen.getByLabelText<HTMLSelectElement>("Studio of");
    expect(select.value).toBe("7");
    expect([...select.options].map((option) => option.text)).toEqual(["Mia", "Leo"]);
    fireEvent.change(select, { target: { value: "9" } });
    expect(screen.getByRole("heading", { name: "Leo's magic studio" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>("Studio of").value).toBe("9");
    fireEvent.change(screen.getByLabelText("Studio of"), { target: { value: "7" } });
    expect(screen.getByRole("heading", { name: "Mia's magic studio" })).toBeTruthy();
  });
});
