import type { Point } from "./face-geometry";

/** A face found in a picture: its box in pixels of the picture given, and the detector's confidence. */
export type DetectedFace = { x: number; y: number; width: number; height: number; score: number };

/**
 * A face found and described: who it looks like (the descriptor), how old it looks, and how usable
 * it is as a training photo (frontal, eyes open). Biometric data: it stays in our database.
 */
export type DescribedFace = DetectedFace & {
  /**
   * 128 numbers from the face-recognition network; the Euclidean distance between two faces'
   * descriptors says how alike they are (the same person is close, see docs/decisions/0028).
   */
  descriptor: number[];
  /** The age network's estimate in years. Unreliable on young children: a hint, never shown. */
  estimatedAge: number;
  /** 1 facing the camera … 0 in profile, from where the nose sits between the eyes. */
  frontality: number;
  /** The eye aspect ratio of the more closed eye: about 0.25–0.35 open, below 0.2 closing. */
  eyeOpenness: number;
  /**
   * The 68 landmarks (iBUG 300-W order: jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, mouth
   * 48–67), in pixels of the picture given: where the local model places the face in a costume.
   */
  landmarks: Point[];
};

/**
 * The face-detector port. The local implementation runs small neural networks (TinyFaceDetector,
 * 68-point landmarks, a ResNet face descriptor and an age network) whose weights ship inside their
 * npm package, on TensorFlow.js's WebAssembly backend: nothing is downloaded at run time, no native
 * binary is needed, and no face leaves the server.
 */
export type FaceDetector = {
  /** Where the faces are (cheap: the training crops and the pre-check use it). */
  detect(rgb: RgbImage): Promise<DetectedFace[]>;
  /** Where the faces are and what they look like (the photo and portrait identity checks). */
  describe(rgb: RgbImage): Promise<DescribedFace[]>;
};

export type RgbImage = { data: Buffer; width: number; height: number };
