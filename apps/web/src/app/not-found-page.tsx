import { Compass } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";

export function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-canvas px-5">
      <div className="flex max-w-md flex-col items-center text-center">
        <Logo />
        <div className="mt-10 grid size-16 place-items-center rounded-full bg-primary-100 text-primary-700">
          <Compass className="size-8" aria-hidden />
        </div>
        <p className="mt-6 text-sm font-semibold tracking-wide text-primary-700 uppercase">Page not found</p>
        <h1 className="mt-2 text-3xl font-semibold">This page wandered off</h1>
        <p className="mt-3 text-muted">
          The address may be mistyped, or the page has moved. Your photos and portraits are safe.
        </p>
        <Button asChild className="mt-8">
          <Link to="/">Take me home</Link>
        </Button>
      </div>
    </main>
  );
}
