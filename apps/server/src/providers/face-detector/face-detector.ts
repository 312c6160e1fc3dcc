/** A face found in a picture: its box in pixels of the picture given, and the detector's confidence. */
export type DetectedFace = { x: number; y: number; width: number; height: number; score: number };

/**
 * The face-detector port. The local implementation runs a small neural network (TinyFaceDetector)
 * whose weights ship inside its npm package, on TensorFlow.js's WebAssembly backend: nothing is
 * downloaded at run time and no native binary is needed.
 */
export type FaceDetector = {
  detect(rgb: { data: Buffer; width: number; height: number }): Promise<DetectedFace[]>;
};
