import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { forgetChild, pathAfterChildDeleted } from "./delete-child";
import { childrenQueryKey } from "./get-children";

describe("forgetChild", () => {
  it("drops what was cached about the deleted child and reads the family's children again", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const children = childrenQueryKey("family-1");
    queryClient.setQueryData(children, [{ id: 7 }, { id: 8 }]);
    queryClient.setQueryData([...children, 7, "generated-images"], ["portrait"]);
    queryClient.setQueryData([...children, 7, "photos"], ["photo"]);
    queryClient.setQueryData([...children, 8, "photos"], ["sibling's photo"]);
    queryClient.setQueryData(["families", "user-1"], []);

    await forgetChild(queryClient, "family-1", 7);

    expect(queryClient.getQueryData([...children, 7, "generated-images"])).toBeUndefined();
    expect(queryClient.getQueryData([...children, 7, "photos"])).toBeUndefined();
    expect(queryClient.getQueryData([...children, 8, "photos"])).toEqual(["sibling's photo"]);
    expect(queryClient.getQueryData(children)).toEqual([{ id: 8 }]);
    expect(queryClient.getQueryState(children)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...children, 8, "photos"])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(["families", "user-1"])?.isInvalidated).toBe(true);
  });
});

describe("pathAfterChildDeleted", () => {
  it("opens the studio of another child, or the styles when none is left", () => {
    expect(pathAfterChildDeleted([{ id: 7 }, { id: 8 }], 7)).toBe("/kids/children/8/magic-studio");
    expect(pathAfterChildDeleted([{ id: 7 }, { id: 8 }], 8)).toBe("/kids/children/7/magic-studio");
    expect(pathAfterChildDeleted([{ id: 7 }], 7)).toBe("/kids/choose-theme");
    expect(pathAfterChildDeleted([], 7)).toBe("/kids/choose-theme");
  });
});
