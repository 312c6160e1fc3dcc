import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";

/** The way back from a child's keepsake pages (storybooks, through the years) to their studio. */
export function BackToStudioLink({ child }: { child: { id: number; firstName: string } }) {
  return (
    <Link
      to={paths.magicStudio(child.id)}
      className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" /> Back to {child.firstName}'s studio
    </Link>
  );
}
