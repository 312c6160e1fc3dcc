import { useMutation } from "@tanstack/react-query";
import { type AddOnId, createCheckoutSessionEndpoint } from "@wonderkin/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, callApi } from "@/lib/api-client";
import { checkoutDestination } from "./checkout-destination";

/**
 * Buys an add-on from where the parent is (a portrait in the studio viewer): the checkout, built in
 * or the payment provider's, brings them back to `returnTo` whether they pay or not (decision 0056).
 */
export function useBuyAddOn() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const checkout = useMutation({
    mutationFn: async (order: { addOnId: AddOnId; returnTo: string }) => {
      const { url } = await callApi(createCheckoutSessionEndpoint, order);
      const destination = checkoutDestination(url);
      if (!destination) {
        throw new ApiError(200, "UNEXPECTED_RESPONSE", "The server named a payment page we cannot open.");
      }
      return destination;
    },
    onSuccess: (destination) => {
      if (destination.kind === "in-app") {
        void navigate(destination.path);
      } else {
        // The button keeps its spinner while the browser leaves for the provider's page.
        setLeaving(true);
        window.location.assign(destination.href);
      }
    },
  });
  return {
    buy: (order: { addOnId: AddOnId; returnTo: string }) => checkout.mutate(order),
    pending: checkout.isPending || leaving,
    error: checkout.error,
  };
}
