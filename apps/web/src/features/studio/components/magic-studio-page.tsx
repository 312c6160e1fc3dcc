import {
  type Child,
  can,
  findCategory,
  findStyle,
  type GalleryFilter,
  GENERATION_MAX_COUNT,
  type GeneratedImage,
  parseChildIdSegment,
  type Style,
} from "@wonderkin/contract";
import { Baby, BookHeart, CalendarHeart, Sparkles } from "lucide-react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useLocation, useParams, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";
import { LoadingCard } from "@/components/ui/loading-card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { catalogueView, categoriesEntitlement, styleLockReason } from "@/entities/catalogue/catalogue";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { pathAfterChildDeleted } from "@/entities/children/delete-child";
import { usePreviews } from "@/entities/previews/previews-api";
import { PreviewsPanel } from "@/entities/previews/previews-panel";
import { studioIntroRedirect } from "@/entities/studio/studio-intro";
import { useChildTraining } from "@/entities/training/child-training";
import { TrainingActions, TrainingStatus } from "@/entities/training/training-views";
import { useGenerate } from "../api/generation";
import { studioLoader } from "../api/studio-loader";
import { isPortrait } from "../lib/gallery";
import { affordableCount, generateButtonState } from "../lib/generate-button";
import { portraitRequestError } from "../lib/request-error";
import { FamilySpendingNotice } from "./family-spending-notice";
import { GallerySection } from "./gallery-section";
import { GeneratePanel } from "./generate-panel";
import { PreviewsStrip } from "./previews-strip";
import { StudioHeader } from "./studio-header";
import { StudioMoreMenu } from "./studio-more-menu";
import { StylePicker } from "./style-picker";
import { useGalleryView } from "./use-gallery-view";
import { useOpenFromAddress } from "./use-open-from-address";
import { type StudioContext, useStudioContext } from "./use-studio-context";
import { useStudioImages } from "./use-studio-images";
import { useViewerHistory } from "./use-viewer-history";

// The full-screen viewer (a Radix dialog with its focus and scroll locks, sharing and printing) loads
// when a portrait is first opened, not with the studio; once there it stays mounted.
const PortraitViewer = lazy(() =>
  import("./portrait-viewer").then((module) => ({ default: module.PortraitViewer })),
);

const DEFAULT_CATEGORY_ID = "popular";

/**
 * A child whose model is not trained yet: where the training is, what to do about it, and the free
 * previews made meanwhile.
 */
function StudioTraining({
  context,
  child,
  familyId,
}: {
  context: StudioContext;
  child: Child;
  familyId: string;
}) {
  const training = useChildTraining(familyId, child);
  const min = context.minPhotos;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <Card>
        <div className="flex flex-col gap-5 sm:flex-row sm:gap-6">
          <IconBadge icon={Sparkles} tone="accent" />
          <div className="min-w-0 flex-1">
            <CardTitle size="md" className="sm:text-2xl">
              {training.state?.status === "started"
                ? `Learning ${child.firstName}'s face`
                : training.state?.status === "failed"
                  ? "Training needs another try"
                  : `${child.firstName}'s studio opens after training`}
            </CardTitle>
            <div className="mt-2 text-muted">
              {min === null || !training.state ? (
                <Spinner label="Loading the training" />
              ) : (
                <TrainingStatus state={training.state} child={child} minPhotos={min} />
              )}
            </div>
            {min !== null ? (
              <div className="mt-6 border-t border-line pt-5">
                <TrainingActions
                  training={training}
                  child={child}
                  minPhotos={min}
                  canStart={context.canStartTraining}
                  familyName={context.familyName}
                  stacked
                />
              </div>
            ) : null}
          </div>
        </div>
      </Card>
      <PreviewsPanel
        familyId={familyId}
        child={{
          id: child.id,
          firstName: child.firstName,
          trainingStatus: training.state?.status ?? child.trainingStatus,
        }}
        photosReady={min !== null && child.photoCount >= min}
      />
    </div>
  );
}

/**
 * The studio itself: the free previews made while the model trained (if any), pick a style, make
 * portraits, and the gallery with its viewer.
 */
function Studio({ context, child, familyId }: { context: StudioContext; child: Child; familyId: string }) {
  const [params] = useSearchParams();
  const entitlement = categoriesEntitlement(context.entitlements);
  const views = useMemo(() => catalogueView(entitlement), [entitlement]);
  const lockReasonOf = useCallback((styleId: string) => styleLockReason(styleId, entitlement), [entitlement]);

  // A style named in the address (from the catalogue page) is chosen on arrival, if the plan has it.
  const [styleId, setStyleId] = useState<string | null>(() => {
    const requested = params.get("style");
    return requested && findStyle(requested) ? requested : null;
  });
  const [categoryId, setCategoryId] = useState(() => {
    const requested = params.get("category");
    if (requested && findCategory(requested)) return requested;
    const owner = views.find((view) => styleId && view.category.styleIds.includes(styleId));
    return owner?.category.id ?? DEFAULT_CATEGORY_ID;
  });
  const [chosenCount, setChosenCount] = useState<number | null>(null);
  const style: Style | null = styleId ? (findStyle(styleId) ?? null) : null;
  const lockReason = styleId ? lockReasonOf(styleId) : null;
  const balance = context.balance;
  // Until the parent picks, as many as the balance pays for (at least one).
  const count = chosenCount ?? Math.max(1, affordableCount(balance, GENERATION_MAX_COUNT));

  const scope = { familyId, childId: child.id, userId: context.userId };
  const studio = useStudioImages(scope);
  const previews = usePreviews(familyId, child.id);
  const generate = useGenerate(scope);
  const galleryHeading = useRef<HTMLHeadingElement>(null);
  // The open viewer is a history entry of its own: Back closes it (use-viewer-history.ts). It steps
  // through the gallery's portraits, or through the previews when opened from them.
  const viewer = useViewerHistory();
  const viewing = viewer.entry?.index ?? null;
  const viewingPreviews = viewer.entry?.list === "previews";
  // The gallery may be narrowed to a style or the favourites; the viewer steps through what it shows.
  const [galleryFilter, setGalleryFilter] = useState<GalleryFilter | null>(null);
  const view = useGalleryView(studio, { familyId, childId: child.id }, galleryFilter);
  const finishedPortraits = view.finished;
  const finishedPreviews = useMemo(
    () => studio.finished.filter((image) => !isPortrait(image)),
    [studio.finished],
  );
  // Back from an add-on's checkout bought in the viewer: that portrait opens again (decision 0056).
  const openViewer = viewer.open;
  const openPortrait = useCallback((index: number) => openViewer({ list: "portraits", index }), [openViewer]);
  useOpenFromAddress({ portraits: finishedPortraits, loaded: studio.gallery.isSuccess, open: openPortrait });
  // Mounted from the first opening on (see PortraitViewer above).
  const [viewerWanted, setViewerWanted] = useState(false);
  if (viewing !== null && !viewerWanted) setViewerWanted(true);

  const button = generateButtonState({
    count,
    balance,
    styleChosen: style !== null,
    styleLocked: lockReason !== null,
    working: generate.isPending,
  });

  const showGallery = useCallback(() => {
    galleryHeading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    galleryHeading.current?.focus({ preventScroll: true });
  }, []);

  // "Make again" closes the viewer and then shows the gallery. Closing is a step back in history,
  // which restores the studio's scroll position when it lands: scroll after that, not before.
  const [galleryAfterClose, setGalleryAfterClose] = useState(false);
  useEffect(() => {
    if (!galleryAfterClose || viewing !== null) return;
    setGalleryAfterClose(false);
    showGallery();
  }, [galleryAfterClose, viewing, showGallery]);

  const onGenerate = () => {
    if (!style || button.disabled) return;
    generate.mutate({ styleId: style.id, count }, { onSuccess: () => showGallery() });
  };

  const canDelete = useCallback(
    (image: GeneratedImage) =>
      context.canDeleteAny || (context.canDeleteOwn && image.requestedByUserId === context.userId),
    [context.canDeleteAny, context.canDeleteOwn, context.userId],
  );
  const madeFromPreviews = useMemo(
    () =>
      new Set(
        studio.images.flatMap((image) =>
          image.kind === "portrait" && image.regeneratedFromId ? [image.regeneratedFromId] : [],
        ),
      ),
    [studio.images],
  );
  const openPreview = (image: GeneratedImage) => {
    const index = finishedPreviews.findIndex((entry) => entry.id === image.id);
    if (index < 0) return undefined;
    return () => viewer.open({ list: "previews", index });
  };

  const previewsStrip = (
    <PreviewsStrip
      scope={scope}
      childName={child.firstName}
      balance={balance}
      canGenerate={context.canGenerate}
      madeFrom={madeFromPreviews}
      onOpen={openPreview}
      onMade={showGallery}
    />
  );
  // The previews sit above the style picker: until their list is known the rest waits, so that the
  // picker and the gallery do not jump down when the previews appear (decision 0066). The strip
  // stays mounted meanwhile, so that it reads the same answer rather than asking again.
  if (previews.isPending)
    return (
      <>
        {previewsStrip}
        <LoadingCard label="Opening the studio" />
      </>
    );

  return (
    <>
      {previewsStrip}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <StylePicker
          views={views}
          categoryId={categoryId}
          onCategoryChange={setCategoryId}
          styleId={styleId}
          onStyleChange={(next) => {
            setStyleId(next.id);
            generate.reset();
          }}
          lockReasonOf={lockReasonOf}
        />
        {context.spendingBlocked && !context.canGenerate ? (
          // Not sticky on phones: a note, not a control, must not cover the gallery as it scrolls.
          <div className="lg:sticky lg:top-24 lg:self-start">
            <FamilySpendingNotice blocked={context.spendingBlocked} familyName={context.familyName} />
          </div>
        ) : (
          <div className="max-lg:sticky max-lg:bottom-3 max-lg:z-20 lg:sticky lg:top-24 lg:self-start">
            {context.canGenerate ? (
              <GeneratePanel
                childName={child.firstName}
                style={style}
                count={count}
                onCountChange={setChosenCount}
                balance={balance}
                button={button}
                onGenerate={onGenerate}
                error={portraitRequestError(
                  generate.error,
                  "We couldn't start the portraits. Please try again.",
                )}
                batch={studio.batch}
                onShowGallery={showGallery}
              />
            ) : null}
          </div>
        )}
      </div>

      <GallerySection
        familyId={familyId}
        childId={child.id}
        childName={child.firstName}
        studio={studio}
        view={view}
        filter={galleryFilter}
        onFilterChange={setGalleryFilter}
        canDelete={canDelete}
        headingRef={galleryHeading}
        onOpen={(image) => {
          const index = finishedPortraits.findIndex((entry) => entry.id === image.id);
          if (index < 0) return;
          viewer.open({ list: "portraits", index });
        }}
      />

      {viewerWanted ? (
        <Suspense fallback={null}>
          <PortraitViewer
            scope={scope}
            images={viewingPreviews ? finishedPreviews : finishedPortraits}
            index={viewing}
            onIndexChange={viewer.show}
            onClose={viewer.close}
            childName={child.firstName}
            balance={balance}
            entitlements={context.entitlements}
            canDelete={canDelete}
            onRegenerated={() => setGalleryAfterClose(true)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function StudioBody({ childId }: { childId: number }) {
  const location = useLocation();
  const context = useStudioContext(childId);
  const { child, familyId } = context;
  // The first visit (of this parent, for this child) starts with the introduction.
  const introRedirect = child
    ? studioIntroRedirect({ childId, seen: child.studioIntroSeen, locationState: location.state })
    : null;
  if (introRedirect) return <Navigate to={introRedirect} replace />;

  let body: ReactNode = childrenLoadState(
    { pending: context.isPending || (child !== null && !familyId), children: context.children },
    "Opening the studio",
  );
  if (body) {
    // Still loading, or the children could not be read.
  } else if (!child || !familyId) {
    body = (
      <Card className="flex flex-col items-start gap-4 sm:flex-row">
        <IconBadge icon={Baby} />
        <div>
          <CardTitle size="md">This studio isn't in {context.familyName}</CardTitle>
          <CardDescription>The child may be in another of your families, or no longer here.</CardDescription>
          <Button asChild className="mt-4">
            <Link to={paths.chooseTheme}>Back to the styles</Link>
          </Button>
        </div>
      </Card>
    );
  } else {
    const trained = child.trainingStatus === "completed";
    return (
      // The server's copy of the studio is kept only if it drew this (render-studio-page.tsx).
      <section className="flex flex-col gap-8" data-studio-child={child.id}>
        <StudioHeader
          child={child}
          siblings={context.siblings}
          description={
            trained
              ? "Pick a style, choose how many, and watch the magic happen."
              : "First, a portrait model learns what your child looks like."
          }
          aside={
            <>
              {trained ? (
                <Link
                  to={paths.storybooks(child.id)}
                  className="inline-flex h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/20"
                >
                  <BookHeart aria-hidden className="size-4" /> Storybooks
                </Link>
              ) : null}
              {trained ? (
                <Link
                  to={paths.throughTheYears(child.id)}
                  className="inline-flex h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/20"
                >
                  <CalendarHeart aria-hidden className="size-4" /> Through the years
                </Link>
              ) : null}
              {/* Deleting a child is for owners (docs/families.md), last and in a menu (decision 0056). */}
              {context.role !== null && can(context.role, { resource: "child", action: "delete" }) ? (
                <StudioMoreMenu
                  familyId={familyId}
                  child={child}
                  leaveTo={pathAfterChildDeleted(context.siblings, child.id)}
                />
              ) : null}
            </>
          }
        />
        {trained ? (
          <Studio context={context} child={child} familyId={familyId} />
        ) : (
          <StudioTraining context={context} child={child} familyId={familyId} />
        )}
      </section>
    );
  }
  return <section className="flex flex-col gap-8">{body}</section>;
}

/** /kids/children/{childId}/magic-studio: the introduction on the first visit, then the studio. */
export function MagicStudioPage() {
  const { childId: segment } = useParams();
  const childId = parseChildIdSegment(segment);
  // The route guard has already sent away any id that is not one of the family's children.
  if (childId === null) return <Navigate to={paths.chooseTheme} replace />;
  return <StudioBody key={childId} childId={childId} />;
}

export { MagicStudioPage as Component, studioLoader as loader };
