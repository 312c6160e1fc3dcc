import {
  deleteGeneratedImageEndpoint,
  galleryFiltersEndpoint,
  generatedImagesEndpoint,
  generateEndpoint,
  manualTrainingCompletionEndpoint,
  portraitSharesEndpoint,
  predictionStatusEndpoint,
  previewsByEmailEndpoint,
  previewsEndpoint,
  printImageEndpoint,
  regenerateEndpoint,
  regenerateErrorEndpoint,
  regenerationErrorEmailEndpoint,
  revokePortraitShareEndpoint,
  setFavouriteEndpoint,
  sharePortraitEndpoint,
  startTrainingEndpoint,
  startYearlyUpdateEndpoint,
  studioIntroSeenEndpoint,
  swapPreviewStyleEndpoint,
  trainingCompletedEndpoint,
  trainingStatusEndpoint,
  yearlyUpdateStateEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { FamilyDeps } from "../modules/families/family-deps";
import {
  countGalleryFilters,
  deletePortrait,
  listPortraits,
  markStudioIntroSeen,
  portraitStatuses,
  reportPortraitError,
  setFavourite,
} from "../modules/studio/gallery";
import { findFamilyPortrait } from "../modules/studio/portrait-record";
import { previewsOf, setPreviewsByEmail, swapPreviewStyle } from "../modules/studio/previews";
import { emailPortraitFailure, generatePortraits, regeneratePortrait } from "../modules/studio/rendering";
import { listPortraitShares, revokePortraitShare, sharePortrait } from "../modules/studio/sharing";
import type { StudioDeps } from "../modules/studio/studio-deps";
import { startTraining, trainingStateOf } from "../modules/studio/training";
import { printPortrait } from "../modules/studio/video-print";
import { startYearlyUpdate, yearlyUpdateStateOf } from "../modules/studio/yearly-update";
import { registerFamilyEndpoint } from "./family-context";

/** Spec §7's training, generation, gallery and e-mail calls, for the family in `organization-id`. */
export function studioRoutes(deps: FamilyDeps & { studio: StudioDeps }) {
  const { studio } = deps;
  return async (app: FastifyInstance) => {
    registerFamilyEndpoint(app, deps, startTrainingEndpoint, ({ actor }, body) =>
      startTraining(studio, {
        userId: actor.userId,
        familyId: actor.membership.familyId,
        childId: body.childId,
      }),
    );
    registerFamilyEndpoint(app, deps, yearlyUpdateStateEndpoint, ({ actor }, body) =>
      yearlyUpdateStateOf(studio, { familyId: actor.membership.familyId, childId: body.childId }),
    );
    registerFamilyEndpoint(app, deps, startYearlyUpdateEndpoint, ({ actor }, body) =>
      startYearlyUpdate(studio, {
        userId: actor.userId,
        familyId: actor.membership.familyId,
        childId: body.childId,
      }),
    );
    registerFamilyEndpoint(app, deps, trainingCompletedEndpoint, async ({ actor }, body) => {
      const state = await trainingStateOf(studio, {
        familyId: actor.membership.familyId,
        childId: body.childId,
      });
      return { completed: state.status === "completed" };
    });
    registerFamilyEndpoint(app, deps, trainingStatusEndpoint, ({ actor }, body) =>
      trainingStateOf(studio, { familyId: actor.membership.familyId, childId: body.childId }),
    );
    registerFamilyEndpoint(app, deps, manualTrainingCompletionEndpoint, ({ actor }, body) =>
      trainingStateOf(studio, { familyId: actor.membership.familyId, childId: body.childId, settle: true }),
    );

    registerFamilyEndpoint(app, deps, generateEndpoint, ({ actor }, body) =>
      generatePortraits(studio, { userId: actor.userId, familyId: actor.membership.familyId, ...body }),
    );
    registerFamilyEndpoint(app, deps, regenerateEndpoint, ({ actor }, body) =>
      regeneratePortrait(studio, {
        userId: actor.userId,
        familyId: actor.membership.familyId,
        imageId: body.imageId,
      }),
    );
    registerFamilyEndpoint(app, deps, predictionStatusEndpoint, async ({ actor }, body) => ({
      images: await portraitStatuses(studio, {
        familyId: actor.membership.familyId,
        imageIds: body.imageIds,
      }),
    }));
    registerFamilyEndpoint(app, deps, regenerateErrorEndpoint, ({ actor }, body) =>
      reportPortraitError(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        imageId: body.imageId,
      }),
    );
    registerFamilyEndpoint(app, deps, regenerationErrorEmailEndpoint, async ({ actor }, body) => {
      const row = await findFamilyPortrait(studio.db, {
        familyId: actor.membership.familyId,
        imageId: body.imageId,
      });
      return { sent: await emailPortraitFailure(studio, row.id) };
    });

    // A page of portraits, polled while any is rendering: written by a compiled serialiser.
    registerFamilyEndpoint(
      app,
      deps,
      generatedImagesEndpoint,
      ({ actor }, body) => listPortraits(studio, { familyId: actor.membership.familyId, ...body }),
      { compiledSerializer: true },
    );
    registerFamilyEndpoint(app, deps, galleryFiltersEndpoint, ({ actor }, body) =>
      countGalleryFilters(studio.db, { familyId: actor.membership.familyId, childId: body.childId }),
    );
    registerFamilyEndpoint(app, deps, setFavouriteEndpoint, ({ actor }, body) =>
      setFavourite(studio, { familyId: actor.membership.familyId, ...body }),
    );
    registerFamilyEndpoint(app, deps, studioIntroSeenEndpoint, async ({ actor }, body) => {
      await markStudioIntroSeen(studio.db, {
        familyId: actor.membership.familyId,
        childId: body.childId,
        userId: actor.userId,
      });
      return { seen: true as const };
    });
    registerFamilyEndpoint(app, deps, previewsEndpoint, ({ actor }, body) =>
      previewsOf(studio, { familyId: actor.membership.familyId, childId: body.childId }),
    );
    registerFamilyEndpoint(app, deps, previewsByEmailEndpoint, ({ actor }, body) =>
      setPreviewsByEmail(studio, { familyId: actor.membership.familyId, ...body }),
    );
    registerFamilyEndpoint(app, deps, swapPreviewStyleEndpoint, ({ actor }, body) =>
      swapPreviewStyle(studio, { familyId: actor.membership.familyId, userId: actor.userId, ...body }),
    );
    registerFamilyEndpoint(app, deps, deleteGeneratedImageEndpoint, async ({ actor }, body) => {
      await deletePortrait(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        role: actor.membership.role,
        imageId: body.imageId,
      });
      return { deleted: true as const };
    });
    registerFamilyEndpoint(app, deps, portraitSharesEndpoint, async ({ actor }, body) => ({
      shares: await listPortraitShares(studio, {
        familyId: actor.membership.familyId,
        childId: body.childId,
      }),
    }));
    registerFamilyEndpoint(app, deps, sharePortraitEndpoint, async ({ actor }, body) => ({
      share: await sharePortrait(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        imageId: body.imageId,
        caption: body.caption,
      }),
    }));
    registerFamilyEndpoint(app, deps, revokePortraitShareEndpoint, async ({ actor }, body) => ({
      revoked: await revokePortraitShare(studio.db, {
        familyId: actor.membership.familyId,
        imageId: body.imageId,
      }),
    }));
    registerFamilyEndpoint(app, deps, printImageEndpoint, ({ actor }, body) =>
      printPortrait(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        imageId: body.imageId,
      }),
    );
  };
}
