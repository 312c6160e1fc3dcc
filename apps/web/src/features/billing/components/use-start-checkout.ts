import { useState } from "react";
import { useNavigate } from "react-router";
import { type CheckoutItem, useCreateCheckout } from "../api/checkout";

const sameItem = (a: CheckoutItem | undefined, b: CheckoutItem) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * Starts a checkout and takes the parent to pay: the built-in checkout is a page of the app, a
 * payment provider's page is left for (the button keeps its spinner while the browser leaves).
 */
export function useStartCheckout() {
  const navigate = useNavigate();
  const create = useCreateCheckout();
  const [leaving, setLeaving] = useState(false);
  const start = (item: CheckoutItem) =>
    create.mutate(item, {
      onSuccess: (destination) => {
        if (destination.kind === "in-app") {
          void navigate(destination.path);
        } else {
          setLeaving(true);
          window.location.assign(destination.href);
        }
      },
    });
  const busy = create.isPending || leaving;
  return {
    start,
    /** Whether this item's checkout is being started (its button shows the spinner). */
    isStarting: (item: CheckoutItem) => busy && sameItem(create.variables, item),
    isPending: busy,
    error: create.error,
  };
}
