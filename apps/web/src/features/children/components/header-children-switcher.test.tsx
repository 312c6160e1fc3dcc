// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Child } from "@wonderkin/contract";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ChildrenSwitcher } from "./header-children-switcher";

const child = (id: number, firstName: string, overrides: Partial<Child> = {}): Child => ({
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
  ...overrides,
});
const mia = child(7, "Mia");
const leo = child(9, "Leo", { gender: "boy" });

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderSwitcher(props: { familyChildren: Child[]; currentId: number | null; canAddChild?: boolean }) {
  return render(
    <MemoryRouter initialEntries={["/kids/children/7/magic-studio"]}>
      <ChildrenSwitcher canAddChild={props.canAddChild ?? true} {...props} />
      <Routes>
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

const openMenu = () => fireEvent.click(screen.getByRole("button", { name: /^Child:/ }));

afterEach(cleanup);

describe("the header's children switcher", () => {
  it("shows nothing until the family has a child", () => {
    renderSwitcher({ familyChildren: [], currentId: null });
    expect(screen.queryByRole("navigation", { name: "Children" })).toBeNull();
  });

  it("names the child of the page, and moves to the other child's studio", () => {
    renderSwitcher({ familyChildren: [mia, leo], currentId: 9 });
    expect(screen.getByRole("button", { name: /^Child:/ }).textContent).toContain("Leo");
    openMenu();
    const menu = within(screen.getByRole("navigation", { name: "Children" }));
    const current = menu.getByRole("link", { current: true });
    expect(current.textContent).toContain("Studio of Leo");
    expect(current.textContent).toContain("(current child)");
    fireEvent.click(menu.getByRole("link", { name: /Studio of Mia/ }));
    expect(screen.getByTestId("location").textContent).toBe("/kids/children/7/magic-studio");
    // The menu closes once a child is chosen.
    expect(screen.queryByRole("link", { name: /Studio of Leo/ })).toBeNull();
  });

  it("takes the first child when the page is about none, and a child still training to its progress", () => {
    renderSwitcher({
      familyChildren: [mia, child(9, "Leo", { trainingStatus: "started" })],
      currentId: null,
    });
    expect(screen.getByRole("button", { name: /^Child:/ }).textContent).toContain("Mia");
    openMenu();
    const leoLink = screen.getByRole("link", { name: /Studio of Leo/ });
    expect(leoLink.textContent).toContain("Training");
    expect(leoLink.getAttribute("href")).toBe("/kids/add-children/in-progress?child=9");
  });

  it("opens a studio the parent has not seen at its introduction", () => {
    renderSwitcher({ familyChildren: [mia, child(9, "Leo", { studioIntroSeen: false })], currentId: 7 });
    openMenu();
    expect(screen.getByRole("link", { name: /Studio of Leo/ }).getAttribute("href")).toBe(
      "/kids/children/9/studio-intro",
    );
  });

  it("offers adding a child only to those who may", () => {
    renderSwitcher({ familyChildren: [mia], currentId: 7, canAddChild: true });
    openMenu();
    expect(screen.getByRole("link", { name: "Add a child" }).getAttribute("href")).toBe("/kids/add-children");
    cleanup();
    renderSwitcher({ familyChildren: [mia], currentId: 7, canAddChild: false });
    openMenu();
    expect(screen.queryByRole("link", { name: "Add a child" })).toBeNull();
  });
});
