import { Compass } from "lucide-react";
import { Link } from "react-router";
import { StatusScreen } from "@/components/layout/status-screen";
import { Button } from "@/components/ui/button";

export function NotFoundPage() {
  return (
    <StatusScreen
      icon={Compass}
      tone="primary"
      eyebrow="Page not found"
      title="This page wandered off"
      action={
        <Button asChild>
          <Link to="/">Take me home</Link>
        </Button>
      }
    >
      The address may be mistyped, or the page has moved. Your photos and portraits are safe.
    </StatusScreen>
  );
}
