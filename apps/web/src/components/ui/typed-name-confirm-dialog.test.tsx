// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sameConfirmation } from "@/lib/confirmation";
import { TypedNameConfirmDialog } from "./typed-name-confirm-dialog";

afterEach(cleanup);

function Harness({
  onConfirm,
  fieldError = null,
  reset = () => {},
}: {
  onConfirm: (typed: string) => Promise<unknown>;
  fieldError?: string | null;
  reset?: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      <TypedNameConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Mia?"
        description="This cannot be undone."
        confirmLabel="Delete Mia forever"
        name="Mia"
        matches={sameConfirmation}
        action={{ isPending: false, reset }}
        error={null}
        fieldError={fieldError}
        onConfirm={onConfirm}
      >
        <p>Her photos and portraits go too.</p>
      </TypedNameConfirmDialog>
    </>
  );
}

describe("TypedNameConfirmDialog", () => {
  it("can be confirmed only once the name is typed, and passes what was typed", async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    render(<Harness onConfirm={onConfirm} />);
    const confirm = screen.getByRole("button", { name: "Delete Mia forever" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await userEvent.type(screen.getByLabelText("Type “Mia” to confirm"), "Mi");
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await userEvent.type(screen.getByLabelText("Type “Mia” to confirm"), "a ");
    expect(confirm.hasAttribute("disabled")).toBe(false);
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith("Mia ");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("stays open when the action fails, and forgets the typed name once closed", async () => {
    const reset = vi.fn();
    render(<Harness onConfirm={() => Promise.reject(new Error("offline"))} reset={reset} />);
    await userEvent.type(screen.getByLabelText("Type “Mia” to confirm"), "mia");
    await userEvent.click(screen.getByRole("button", { name: "Delete Mia forever" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(reset).toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Open again" }));
    expect((screen.getByLabelText("Type “Mia” to confirm") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's refusal of the name at the field and clears it as the parent types", async () => {
    const reset = vi.fn();
    render(
      <Harness
        onConfirm={() => Promise.resolve()}
        fieldError="That is not the child's name."
        reset={reset}
      />,
    );
    const field = screen.getByLabelText("Type “Mia” to confirm");
    const describedBy = field.getAttribute("aria-describedby") ?? "";
    expect(describedBy.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      "That is not the child's name.",
    );
    await userEvent.type(field, "M");
    expect(reset).toHaveBeenCalledOnce();
  });
});
