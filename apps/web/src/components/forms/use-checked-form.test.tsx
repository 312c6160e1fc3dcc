// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { checkPersonName } from "@wonderkin/contract/rules";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkRequiredEmail } from "@/lib/form-rules";
import { useCheckedForm } from "./use-checked-form";

afterEach(cleanup);

function NameAndEmail({ onValid }: { onValid: (values: { name: string; email: string }) => Promise<void> }) {
  const form = useCheckedForm({
    defaultValues: { name: "", email: "" },
    checks: { name: checkPersonName, email: checkRequiredEmail },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <input aria-label="Name" {...form.register("name")} />
      {form.errors.name ? <p role="alert">{form.errors.name}</p> : null}
      <input aria-label="E-mail" {...form.register("email")} />
      {form.errors.email ? <p role="alert">{form.errors.email}</p> : null}
      <button type="submit">{form.isSubmitting ? "Sending" : "Send"}</button>
    </form>
  );
}

describe("a form checked by the contract's plain rules", () => {
  it("checks every field on submit, shows each field's message and focuses the first failing field", async () => {
    const onValid = vi.fn(async () => undefined);
    render(<NameAndEmail onValid={onValid} />);
    await userEvent.type(screen.getByLabelText("E-mail"), "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "Please enter a name.",
      "Please enter a valid email address.",
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(onValid).not.toHaveBeenCalled();
  });

  it("says nothing while typing before the first submit, then checks a field again as it changes", async () => {
    render(<NameAndEmail onValid={async () => undefined} />);
    await userEvent.type(screen.getByLabelText("E-mail"), "x");
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await userEvent.type(screen.getByLabelText("Name"), "Mia");
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      "Please enter a valid email address.",
    ]);
  });

  it("hands the checked values (trimmed, lower-cased) to the submit, submitting meanwhile", async () => {
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameAndEmail onValid={onValid} />);
    await userEvent.type(screen.getByLabelText("Name"), "  Mia ");
    await userEvent.type(screen.getByLabelText("E-mail"), " Parent@Example.COM ");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onValid).toHaveBeenCalledWith({ name: "Mia", email: "parent@example.com" });
    expect(screen.getByRole("button", { name: "Sending" })).toBeTruthy();
    finish();
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeTruthy());
  });
});
