/**
 * How likely a picture is to be each of the classifier's five kinds (0–1, summing to about 1).
 * `porn`, `hentai` (drawn sexual content) and `sexy` (suggestive: underwear, nudity without sexual
 * acts) are the ones the product screens for; `neutral` and `drawing` are what portraits and
 * everyday photos are.
 */
export type SafetyScores = {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
};

export const safetyClasses = ["drawing", "hentai", "neutral", "porn", "sexy"] as const;

/**
 * The safety-classifier port: says what a picture shows before it is stored or shown. The local
 * implementation runs nsfwjs's classifier (its weights ship inside the npm package) on
 * TensorFlow.js's WebAssembly backend, in the image-work threads: nothing is fetched, no picture
 * leaves the server. Decision 0038 says which network and why.
 */
export type SafetyClassifier = {
  /** `bytes`: an encoded picture (JPEG, PNG or WebP), any size. */
  classify(image: { bytes: Uint8Array }): Promise<SafetyScores>;
};
