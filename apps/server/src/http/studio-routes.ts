import {
  deleteGeneratedImageEndpoint,
  generatedImagesEndpoint,
  generateEndpoint,
  manualTrainingCompletionEndpoint,
  predictionStatusEndpoint,
  printImageEndpoint,
  regenerateEndpoint,
  regenerateErrorEndpoint,
  regenerationErrorEmailEndpoint,
  startTrainingEndpoint,
  trainingCompletedEndpoint,
  trainingStatusEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { FamilyDeps } from "../modules/families/family-deps";
import {
  deletePortrait,
  listPortraits,
  portraitStatuses,
  reportPortraitError,
} from "../modules/studio/gallery";
import { generatePortraits, regeneratePortrait } from "../modules/studio/generate-portraits";
import { emailPortraitFailure } from "../modules/studio/portrait-lifecycle";
import { findFamilyPortrait } from "../modules/studio/portrait-record";
import { printPortrait } from "../modules/studio/print-portrait";
import type { StudioDeps } from "../modules/studio/studio-deps";
import { startTraining, trainingStateOf } from "../modules/studio/training";
import { registerFamilyEndpoint } from "./family-context";

const readChild = { resource: "child", action: "read" } as const;
const readImages = { resource: "image", action: "read" } as const;
const generate = { resource: "image", action: "generate" } as const;

/** Spec §7's training, generation, gallery and e-mail calls, for the family in `organization-id`. */
export function studioRoutes(deps: FamilyDeps & { studio: StudioDeps }) {
  const { studio } = deps;
  return async (app: FastifyInstance) => {
    registerFamilyEndpoint(
      app,
      deps,
      startTrainingEndpoint,
      { resource: "training", action: "start" },
      ({ actor }, body) =>
        startTraining(studio, {
          userId: actor.userId,
          familyId: actor.membership.familyId,
          childId: body.childId,
        }),
    );
    registerFamilyEndpoint(app, deps, trainingCompletedEndpoint, readChild, async ({ actor }, body) => {
      const state = await trainingStateOf(studio, {
        familyId: actor.membership.familyId,
        childId: body.childId,
      });
      return { completed: state.status === "completed" };
    });
    registerFamilyEndpoint(app, deps, trainingStatusEndpoint, readChild, ({ actor }, body) =>
      trainingStateOf(studio, { familyId: actor.membership.familyId, childId: body.childId }),
    );
    registerFamilyEndpoint(app, deps, manualTrainingCompletionEndpoint, readChild, ({ actor }, body) =>
      trainingStateOf(studio, { familyId: actor.membership.familyId, childId: body.childId, settle: true }),
    );

    registerFamilyEndpoint(app, deps, generateEndpoint, generate, ({ actor }, body) =>
      generatePortraits(studio, { userId: actor.userId, familyId: actor.membership.familyId, ...body }),
    );
    registerFamilyEndpoint(app, deps, regenerateEndpoint, generate, ({ actor }, body) =>
      regeneratePortrait(studio, {
        userId: actor.userId,
        familyId: actor.membership.familyId,
        imageId: body.imageId,
      }),
    );
    registerFamilyEndpoint(app, deps, predictionStatusEndpoint, readImages, async ({ actor }, body) => ({
      images: await portraitStatuses(studio, {
        familyId: actor.membership.familyId,
        imageIds: body.imageIds,
      }),
    }));
    registerFamilyEndpoint(app, deps, regenerateErrorEndpoint, readImages, ({ actor }, body) =>
      reportPortraitError(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        imageId: body.imageId,
      }),
    );
    registerFamilyEndpoint(app, deps, regenerationErrorEmailEndpoint, readImages, async ({ actor }, body) => {
      const row = await findFamilyPortrait(studio.db, {
        familyId: actor.membership.familyId,
        imageId: body.imageId,
      });
      return { sent: await emailPortraitFailure(studio, row.id) };
    });

    registerFamilyEndpoint(app, deps, generatedImagesEndpoint, readImages, ({ actor }, body) =>
      listPortraits(studio, { familyId: actor.membership.familyId, ...body }),
    );
    registerFamilyEndpoint(
      app,
      deps,
      deleteGeneratedImageEndpoint,
      { resource: "image", action: "delete-own" },
      async ({ actor }, body) => {
        await deletePortrait(studio, {
          familyId: actor.membership.familyId,
          userId: actor.userId,
          role: actor.membership.role,
          imageId: body.imageId,
        });
        return { deleted: true as const };
      },
    );
    registerFamilyEndpoint(app, deps, printImageEndpoint, readImages, ({ actor }, body) =>
      printPortrait(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        imageId: body.imageId,
      }),
    );
  };
}
