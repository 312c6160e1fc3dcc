import { GENERATION_CREDIT_COST, type GeneratedImage } from "@wonderkin/contract";
import { CircleCheck, Wand2 } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { formatCredits } from "@/entities/billing/format-credits";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { PreviewTiles } from "@/entities/previews/preview-tiles";
import { usePreviews } from "@/entities/previews/previews-api";
import { toast } from "@/lib/toast";
import { useRegenerate } from "../api/generation";
import { portraitRequestError } from "../lib/request-error";

type Scope = { familyId: string; childId: number; userId: string | undefined };

/**
 * The child's free previews at the top of the studio (its model is trained by now), each offering to
 * be made again with the child's own model for the price of one portrait. The new portrait joins
 * the gallery like any other. Nothing shows when there are no previews, nor when they could not be
 * made: the studio itself is what matters here.
 */
export function PreviewsStrip({
  scope,
  childName,
  balance,
  canGenerate,
  madeFrom,
  onOpen,
  onMade,
}: {
  scope: Scope;
  childName: string;
  balance: number | null;
  /** The parent's role may spend credits on portraits. */
  canGenerate: boolean;
  /** Previews already made with the child's model (the gallery's regeneratedFromId). */
  madeFrom: ReadonlySet<string>;
  /** Opens a preview in the viewer, where the gallery has it. */
  onOpen: (image: GeneratedImage) => (() => void) | undefined;
  /** A portrait was asked for: the page shows it coming in the gallery. */
  onMade: () => void;
}) {
  const previews = usePreviews(scope.familyId, scope.childId);
  const make = useRegenerate(scope);
  const data = previews.data;
  if (!data || data.status === "none" || data.status === "unavailable" || data.images.length === 0)
    return null;

  const cost = GENERATION_CREDIT_COST;
  const short = balance !== null && balance < cost;
  const error = portraitRequestError(make.error, "We couldn't start the portrait. Please try again.");

  const action = (image: GeneratedImage) => {
    if (!canGenerate) return null;
    const working = make.isPending && make.variables === image.id;
    return (
      <div className="flex flex-col gap-1.5">
        {madeFrom.has(image.id) ? (
          <p className="inline-flex items-center gap-1 px-0.5 text-xs font-semibold text-success-700">
            <CircleCheck className="size-3.5 shrink-0" aria-hidden /> Made with {childName}'s model
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          block
          wrap
          disabled={short || (make.isPending && !working)}
          pending={working}
          onClick={() =>
            make.mutate(image.id, {
              onSuccess: () => {
                toast.success(`Your ${styleTitle(image.styleId)} portrait is on its way.`);
                onMade();
              },
            })
          }
        >
          {working ? null : <Wand2 aria-hidden />}
          Make this one with {childName}'s model · {formatCredits(cost)}
        </Button>
      </div>
    );
  };

  return (
    <section aria-labelledby="previews-title" className="flex flex-col gap-4" data-testid="previews-strip">
      <div>
        <h2 id="previews-title" className="text-xl font-semibold text-ink sm:text-2xl">
          {childName}'s previews
        </h2>
        <p className="mt-1 text-muted">
          Free previews, made from {childName}'s photos while the model trained.
          {canGenerate
            ? ` Make any of them with ${childName}'s own model for a portrait that looks more like ${childName}.`
            : null}
        </p>
      </div>
      <PreviewTiles images={data.images} childName={childName} action={action} onOpen={onOpen} />
      {canGenerate && short ? (
        <Alert tone="warning">
          <p>
            You're out of credits.{" "}
            <Link to={paths.topUpCreditPlans} className="font-bold underline underline-offset-2">
              Top up credits
            </Link>{" "}
            to make these with {childName}'s model.
          </p>
        </Alert>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </section>
  );
}
