import { type GeneratedImage, studioMessages } from "@wonderkin/contract";
import { CircleCheck } from "lucide-react";
import { cn } from "@/lib/cn";

/** Why a portrait failed, in the server's words, or ours when it gave none. */
export function failureReason(image: Pick<GeneratedImage, "error" | "likeness">, childName: string): string {
  if (image.error) return image.error;
  return image.likeness === "unlike"
    ? studioMessages.unlike.replace("{name}", childName)
    : studioMessages.generationFailed;
}

/**
 * The quiet sign that a finished portrait passed the likeness check against the child's face. A
 * portrait no check ran on (face checks off, or made before them) says nothing.
 */
export function LikenessCheck({
  image,
  childName,
  className,
}: {
  image: Pick<GeneratedImage, "likeness">;
  childName: string;
  className?: string;
}) {
  if (image.likeness !== "passed") return null;
  return (
    <span
      className={cn("inline-flex items-center gap-1 text-xs font-semibold", className)}
      data-testid="likeness-passed"
    >
      <CircleCheck className="size-3.5 shrink-0" aria-hidden />
      Looks like {childName}
    </span>
  );
}
