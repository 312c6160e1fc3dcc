import { addChildEndpoint, getChildrenEndpoint } from "./child";
import {
  addMemberEndpoint,
  changeMemberRoleEndpoint,
  deleteFamilyEndpoint,
  getMembersEndpoint,
  leaveFamilyEndpoint,
  removeMemberEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
  updateFamilyEndpoint,
} from "./family";
import { deleteUploadedImagesEndpoint, getUploadedImagesEndpoint } from "./photo";
import { deleteChildEndpoint } from "./privacy";
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
} from "./studio";

/**
 * Every endpoint that acts for the family in the `organization-id` header. The server's
 * permission-matrix test covers each of them for every role; a new one must be added here.
 */
export const familyScopedEndpoints = [
  getMembersEndpoint,
  updateFamilyEndpoint,
  addMemberEndpoint,
  changeMemberRoleEndpoint,
  removeMemberEndpoint,
  deleteFamilyEndpoint,
  leaveFamilyEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
  getChildrenEndpoint,
  addChildEndpoint,
  deleteChildEndpoint,
  getUploadedImagesEndpoint,
  deleteUploadedImagesEndpoint,
  startTrainingEndpoint,
  trainingCompletedEndpoint,
  trainingStatusEndpoint,
  manualTrainingCompletionEndpoint,
  generateEndpoint,
  regenerateEndpoint,
  predictionStatusEndpoint,
  regenerateErrorEndpoint,
  regenerationErrorEmailEndpoint,
  generatedImagesEndpoint,
  deleteGeneratedImageEndpoint,
  printImageEndpoint,
] as const;

/** Multipart endpoints (outside the JSON contract) that act for a family, covered by the matrix too. */
export const familyScopedUploadPaths = ["/api/image/upload", "/api/image/single-image-upload"] as const;
